use clap::{Parser, Subcommand};

/// The command line.
#[derive(Parser)]
#[command(version)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    Serve,
}

#[tokio::main]
async fn main() {
    let app = webshop::handlers::router();
    drop(app);
}
