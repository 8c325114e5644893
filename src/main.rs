//! The `navscope` binary: parses arguments, runs a CLI command or opens the editor.

#![forbid(unsafe_code)]

use clap::Parser;
use clap::error::ErrorKind;
use navscope::cli::{Cli, report, run};
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) => {
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            report::line(&format!("error: {} (see navscope --help)", usage_error(&e)));
            return ExitCode::from(2);
        }
    };
    match cli.command {
        Some(command) => {
            report::install_logger();
            report::finish(run(command))
        }
        None => {
            env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
                .init();
            open_editor(cli)
        }
    }
}

/// A usage error on one line: clap's message with the arguments it lists (which it puts on
/// the lines below), or, when the first argument is neither a command nor a file, that.
fn usage_error(e: &clap::Error) -> String {
    use clap::CommandFactory;
    let first = std::env::args_os().nth(1).map(std::path::PathBuf::from);
    let command = Cli::command();
    if let Some(first) = first.filter(|f| !f.exists())
        && let Some(name) = first.to_str().filter(|n| !n.starts_with('-'))
        && command.find_subcommand(name).is_none()
    {
        let names: Vec<&str> = (command.get_subcommands())
            .map(|c| c.get_name())
            .filter(|&n| n != "help")
            .collect();
        return format!(
            "'{name}' is neither a command ({}) nor a file",
            names.join(", ")
        );
    }
    let text = e.to_string();
    let message: Vec<&str> = (text.lines())
        .take_while(|l| !l.trim().is_empty() && !l.starts_with("Usage:"))
        .map(|l| l.trim())
        .collect();
    let message = message.join(" ");
    let message = message.trim_start_matches("error: ");
    if message.is_empty() {
        "invalid arguments".to_string()
    } else {
        message.to_string()
    }
}

/// Opens the editor (or, with `--screenshot`, takes a picture of it and exits).
#[cfg(feature = "gui")]
fn open_editor(cli: Cli) -> ExitCode {
    use navscope::app::{Launch, Layout, run};
    let layout = cli.compare.map(|n| {
        if n == 4 {
            Layout::Compare4
        } else {
            Layout::Compare2
        }
    });
    match run(Launch {
        scene: cli.scene,
        screenshot: cli.screenshot,
        size: cli.size,
        layout,
        lab: cli.lab,
    }) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            report::line(&format!("error: {e:#}"));
            ExitCode::from(2)
        }
    }
}

/// Without the `gui` feature there is no editor: print the help.
#[cfg(not(feature = "gui"))]
fn open_editor(_cli: Cli) -> ExitCode {
    use clap::CommandFactory;
    let _ = Cli::command().print_help();
    ExitCode::SUCCESS
}
