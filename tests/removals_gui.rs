//! Every edit that removes something says so in the status bar (issue 13), whichever widget
//! asked for it: here the reference window's Remove button, which used to remove silently.

mod gui_harness;

use egui_kittest::kittest::Queryable;
use gui_harness::{FakeDialogs, editor_with_reference};

#[test]
fn removing_the_reference_image_says_so() {
    let (mut h, _dir, png) = editor_with_reference(&FakeDialogs::default(), [20, 10]);
    assert!(h.state().document().scene().reference.is_some());
    h.get_by_label("Remove").click();
    h.run();
    assert_eq!(h.state().document().scene().reference, None);
    let (_, message) = h.state().status().message().expect("the removal is said");
    assert_eq!(
        message,
        format!("removed the reference image {}", png.display())
    );
}
