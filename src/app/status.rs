//! `Status`: the one place errors and notices end up: the status bar shows the latest, the
//! log keeps them all.

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    Info,
    Error,
}

#[derive(Clone, Debug, Default)]
pub struct Status {
    message: Option<(Level, String)>,
}

impl Status {
    pub fn info(&mut self, text: impl Into<String>) {
        let text = text.into();
        log::info!("{text}");
        self.message = Some((Level::Info, text));
    }

    pub fn error(&mut self, text: impl Into<String>) {
        let text = text.into();
        log::error!("{text}");
        self.message = Some((Level::Error, text));
    }

    pub fn message(&self) -> Option<(Level, &str)> {
        self.message.as_ref().map(|(l, t)| (*l, t.as_str()))
    }

    pub fn clear(&mut self) {
        self.message = None;
    }
}
