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
            let text = e.to_string();
            let first = text
                .lines()
                .next()
                .unwrap_or("invalid arguments")
                .trim_start_matches("error: ");
            report::line(&format!("error: {first} (see navscope --help)"));
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
