//! The panels around the canvas. Each shows part of the editor state and returns the
//! [`Action`](super::action::Action)s its widgets asked for; only UI settings are changed in place.

pub mod alert;
pub mod confirm;
pub mod diagnosis;
pub mod gesture;
pub mod help;
pub mod inspector;
pub mod lab;
pub mod legend;
pub mod menu_bar;
pub mod metrics;
pub mod name_field;
pub mod path_prompt;
pub mod queries;
pub mod recover;
pub mod side;
pub mod status_bar;
pub mod steps;
