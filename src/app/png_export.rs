//! File > Export picture as PNG: what the canvas shows (the first viewport's view and visible
//! layers, on the canvas background) rasterised from the same draw lists the canvas paints,
//! written atomically. The grid, the reference image and the pointer's overlay are left out.

use super::editor::App;
use super::theme;
use crate::export;
use crate::viz::{DrawList, Rgba};
use std::path::Path;

impl App {
    pub(super) fn export_png(&mut self, path: &Path) {
        let written = self.canvas_png().and_then(|bytes| {
            crate::fileio::write_atomic(path, &bytes).map_err(|e| format!("cannot write: {e}"))
        });
        match written {
            Ok(()) => self
                .state
                .status
                .info(format!("exported the canvas as {}", path.display())),
            Err(e) => self.state.status.error(format!("{}: {e}", path.display())),
        }
    }

    /// The PNG of the first viewport, one pixel per point.
    fn canvas_png(&self) -> Result<Vec<u8>, String> {
        let Some(&rect) = self.state.viewports.first() else {
            return Err("the canvas has not been drawn yet".into());
        };
        let variant = self.viewport_variant(0, self.state.viewports.len());
        let mut list = DrawList::default();
        for picture in self.pictures() {
            let items = picture.list().items.iter();
            let shown = items.filter(|item| self.viewport_shows(variant, item.layer));
            list.items.extend(shown.cloned());
        }
        let theme = self.state.settings.theme;
        let [r, g, b, a] = theme::canvas_background(theme).to_array();
        let view = self.state.view.visible(rect);
        let width = f64::from(rect.width().round().max(1.0));
        export::png_of_view(&list, view, width, theme, Rgba(r, g, b, a)).map_err(|e| e.to_string())
    }
}
