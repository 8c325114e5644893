//! `Status`: the one place errors and notices end up: the status bar shows the latest, the
//! log keeps them all. A message is about the scene as it was said: an edit that says nothing
//! of its own clears it (see `App::logic_pass`), so "saved" never stays up over unsaved changes.

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    Info,
    Error,
}

#[derive(Clone, Debug, Default)]
pub struct Status {
    message: Option<(Level, String)>,
    /// How many messages were ever said.
    said: u64,
}

impl Status {
    pub fn info(&mut self, text: impl Into<String>) {
        let text = text.into();
        log::info!("{text}");
        self.message = Some((Level::Info, text));
        self.said += 1;
    }

    pub fn error(&mut self, text: impl Into<String>) {
        let text = text.into();
        log::error!("{text}");
        self.message = Some((Level::Error, text));
        self.said += 1;
    }

    pub fn message(&self) -> Option<(Level, &str)> {
        self.message.as_ref().map(|(l, t)| (*l, t.as_str()))
    }

    /// Counts the messages said so far: unchanged means nothing new was said since.
    pub fn said(&self) -> u64 {
        self.said
    }

    pub fn clear(&mut self) {
        self.message = None;
    }
}
