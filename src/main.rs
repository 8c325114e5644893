//! The `navscope` binary: parses arguments, runs a CLI command or opens the editor.

use clap::Parser;
use clap::error::ErrorKind;
use navscope::cli::{Cli, run};
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
            eprintln!("navscope: error: {first} (see navscope --help)");
            return ExitCode::from(2);
        }
    };
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn")).init();
    match cli.command {
        Some(command) => match run(command) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("navscope: error: {}", format!("{e:#}").replace('\n', " "));
                ExitCode::from(2)
            }
        },
        None => {
            use clap::CommandFactory;
            let _ = Cli::command().print_help();
            ExitCode::SUCCESS
        }
    }
}
