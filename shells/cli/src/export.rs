//! `stackyard export`: the finished public games of a store as NDJSON on
//! standard output (issue #47), a thin shell over
//! `stackyard_server::export`.

use crate::failure::Failure;
use clap::Args;

/// Options of `stackyard export`.
#[derive(Debug, Args)]
pub struct Export {
    /// The database: a SQLite file (read only, never created) or postgres://…
    #[arg(long, default_value = "stackyard-data/stackyard.db", value_parser = crate::serve::database)]
    db: String,
    /// Only this game, by name (a wrong one is answered with the list).
    #[arg(long)]
    game: Option<String>,
    /// Only games finished on or after this day (UTC), YYYY-MM-DD.
    #[arg(long, value_parser = stackyard_server::dailies::day_ms)]
    since: Option<i64>,
    /// Only games finished before this day (UTC), YYYY-MM-DD.
    #[arg(long, value_parser = stackyard_server::dailies::day_ms)]
    until: Option<i64>,
    /// Only games where a seat went by this name.
    #[arg(long)]
    player: Option<String>,
    /// Only rated games.
    #[arg(long)]
    rated: bool,
}

/// Writes the export to standard output.
pub fn export(args: Export) -> Result<(), Failure> {
    if let Some(game) = &args.game
        && !stackyard_registry::registry()
            .names()
            .contains(&game.as_str())
    {
        let names = stackyard_registry::registry().names().join(", ");
        return Err(Failure::bad_input(format!(
            "there is no game {game:?}: the games are {names}"
        )));
    }
    if let (Some(since), Some(until)) = (args.since, args.until)
        && since >= until
    {
        return Err(Failure::bad_input("--since must be a day before --until"));
    }
    let filter = stackyard_server::store::FinishedFilter {
        game: args.game,
        since_ms: args.since,
        until_ms: args.until,
        player: args.player,
        rated: args.rated,
    };
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(Failure::other)?;
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let done = runtime
        .block_on(stackyard_server::export::export(
            &args.db, &filter, &mut out,
        ))
        .map_err(|e| match e {
            stackyard_server::export::ExportError::Open(_) => Failure::bad_input(e),
            _ => Failure::other(e),
        })?;
    if done.closed {
        return Err(Failure::closed());
    }
    Ok(())
}
