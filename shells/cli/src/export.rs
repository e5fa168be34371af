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
    #[arg(long, value_parser = day_ms)]
    since: Option<i64>,
    /// Only games finished before this day (UTC), YYYY-MM-DD.
    #[arg(long, value_parser = day_ms)]
    until: Option<i64>,
    /// Only games where a seat went by this name.
    #[arg(long)]
    player: Option<String>,
    /// Only rated games.
    #[arg(long)]
    rated: bool,
}

/// Midnight UTC of a `YYYY-MM-DD` day, in Unix ms.
fn day_ms(text: &str) -> Result<i64, String> {
    let bad = || format!("{text:?} is not a day: give YYYY-MM-DD, say 2026-12-03");
    let mut parts = text.split('-');
    let (Some(y), Some(m), Some(d), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err(bad());
    };
    if y.len() != 4 || m.len() != 2 || d.len() != 2 {
        return Err(bad());
    }
    let (y, m, d): (i64, i64, i64) = (
        y.parse().map_err(|_| bad())?,
        m.parse().map_err(|_| bad())?,
        d.parse().map_err(|_| bad())?,
    );
    let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    let days_in = [
        31,
        if leap { 29 } else { 28 },
        31,
        30,
        31,
        30,
        31,
        31,
        30,
        31,
        30,
        31,
    ];
    if !(1..=12).contains(&m) || d < 1 || d > days_in[(m - 1) as usize] {
        return Err(bad());
    }
    // Days from 1970-01-01 to the civil date (Howard Hinnant's algorithm).
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    Ok((era * 146_097 + doe - 719_468) * 86_400_000)
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
    let filter = stackyard_server::export::ExportFilter {
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
            stackyard_server::export::ExportError::Store(_) => Failure::bad_input(e),
            _ => Failure::other(e),
        })?;
    if done.closed {
        return Err(Failure::closed());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::day_ms;

    #[test]
    fn days_are_midnight_utc_and_nonsense_is_refused() {
        assert_eq!(day_ms("1970-01-01"), Ok(0));
        assert_eq!(day_ms("2026-12-03"), Ok(1_796_256_000_000));
        assert_eq!(day_ms("2024-02-29"), Ok(1_709_164_800_000));
        for bad in [
            "2026-02-29",
            "2026-13-01",
            "2026-1-01",
            "yesterday",
            "2026-12-03-1",
            "",
        ] {
            assert!(day_ms(bad).is_err(), "{bad} was taken");
        }
    }
}
