//! The SQL each [`Write`] is: its text and its arguments, defined once.
//!
//! The writer sends them one by one to PostgreSQL, and to SQLite as one
//! script per batch (`Script`). With SQLite every statement is a hand-off
//! to its worker thread and back; on a busy machine each hand-off waits for
//! a core, and a batch of a few hundred jobs spent most of its commit
//! waiting so (docs/benchmarks.md, 2026-11-27 evening). A script is one
//! hand-off for the whole batch.

use super::write::Write;
use sqlx::any::AnyArguments;
use sqlx::query::Query;
use std::sync::OnceLock;

/// One argument of a statement.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Arg {
    Text(String),
    MaybeText(Option<String>),
    Int(i64),
    MaybeInt(Option<i64>),
    Real(f64),
}

/// A statement and its arguments, numbered `$1`, `$2`, … in its text.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Statement {
    pub sql: &'static str,
    pub args: Vec<Arg>,
}

impl Statement {
    /// A statement without arguments.
    pub fn plain(sql: &'static str) -> Statement {
        Statement {
            sql,
            args: Vec::new(),
        }
    }
}

/// Binds `args` to `query`, in order.
pub(super) fn bind<'q>(
    mut query: Query<'q, sqlx::Any, AnyArguments>,
    args: Vec<Arg>,
) -> Query<'q, sqlx::Any, AnyArguments> {
    for arg in args {
        query = match arg {
            Arg::Text(v) => query.bind(v),
            Arg::MaybeText(v) => query.bind(v),
            Arg::Int(v) => query.bind(v),
            Arg::MaybeInt(v) => query.bind(v),
            Arg::Real(v) => query.bind(v),
        };
    }
    query
}

/// Several statements as one SQLite script: each statement's `$n` is moved
/// past the arguments of the statements before it, so one argument list
/// serves them all. (SQLite takes `$n` as a parameter's name, and sqlx
/// binds a named `$n` to the n-th argument, in every statement of a
/// script.)
#[derive(Debug, Default)]
pub(super) struct Script {
    pub sql: String,
    pub args: Vec<Arg>,
}

impl Script {
    /// Appends `statement`.
    pub fn push(&mut self, statement: Statement) {
        let base = self.args.len();
        let mut rest = statement.sql;
        while let Some(at) = rest.find('$') {
            self.sql.push_str(&rest[..=at]);
            rest = &rest[at + 1..];
            let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
            // A `$` without digits is not a parameter (text in a literal):
            // it stays as written.
            if let Ok(n) = rest[..digits].parse::<usize>() {
                self.sql.push_str(&(n + base).to_string());
                rest = &rest[digits..];
            }
        }
        self.sql.push_str(rest);
        self.sql.push_str(";\n");
        self.args.extend(statement.args);
    }
}

/// Rows per multi-row insert of actions: a few fixed sizes, so that a
/// handful of prepared statements serve every batch.
const ACTION_ROWS: [usize; 7] = [64, 32, 16, 8, 4, 2, 1];

/// `INSERT INTO actions ... VALUES (...), ...` with `rows` rows.
fn action_insert(rows: usize) -> &'static str {
    static SQL: OnceLock<Vec<String>> = OnceLock::new();
    let sql = SQL.get_or_init(|| {
        ACTION_ROWS
            .iter()
            .map(|&n| {
                let rows: Vec<String> = (0..n)
                    .map(|r| {
                        let p = r * 5;
                        format!(
                            "(${}, ${}, ${}, ${}, ${})",
                            p + 1,
                            p + 2,
                            p + 3,
                            p + 4,
                            p + 5
                        )
                    })
                    .collect();
                format!(
                    "INSERT INTO actions (table_id, seq, seat, at_ms, action) VALUES {}",
                    rows.join(", ")
                )
            })
            .collect()
    });
    let i = ACTION_ROWS
        .iter()
        .position(|&n| n == rows)
        .unwrap_or(ACTION_ROWS.len() - 1);
    sql[i].as_str()
}

/// The actions among `writes` (others are skipped) as multi-row inserts of
/// the sizes in [`ACTION_ROWS`].
pub(super) fn action_inserts(writes: &[&Write]) -> Vec<Statement> {
    let actions: Vec<&Write> = writes
        .iter()
        .copied()
        .filter(|w| matches!(w, Write::Action { .. }))
        .collect();
    let mut statements = Vec::new();
    let mut rest = actions.as_slice();
    while !rest.is_empty() {
        let rows = ACTION_ROWS
            .iter()
            .copied()
            .find(|&n| n <= rest.len())
            .unwrap_or(1);
        let (chunk, tail) = rest.split_at(rows);
        let mut args = Vec::with_capacity(rows * 5);
        for write in chunk {
            if let Write::Action {
                table,
                seq,
                seat,
                at_ms,
                action,
            } = write
            {
                args.extend([
                    Arg::Text(table.clone()),
                    Arg::Int(*seq),
                    Arg::Int(*seat),
                    Arg::Int(*at_ms),
                    Arg::Text(action.clone()),
                ]);
            }
        }
        statements.push(Statement {
            sql: action_insert(rows),
            args,
        });
        rest = tail;
    }
    statements
}

/// The statement that stores `write`.
pub(super) fn statement(write: &Write) -> Statement {
    use Arg::{Int, MaybeInt, MaybeText, Real, Text};
    let (sql, args) = match write.clone() {
        Write::CreateTable {
            id,
            game,
            seats,
            clock,
            rated,
            header,
            created_at,
            creator,
        } => (
            "INSERT INTO game_tables (id, game, seats, clock, rated, header, created_at, creator, status) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'open')",
            vec![
                Text(id),
                Text(game),
                Text(seats),
                MaybeText(clock),
                Int(rated as i64),
                Text(header),
                Int(created_at),
                Text(creator),
            ],
        ),
        Write::SeatTaken {
            table,
            seat,
            token_hash,
            name,
            account,
        } => (
            "INSERT INTO seat_holders (table_id, seat, token_hash, name, account_id) VALUES ($1, $2, $3, $4, $5)",
            vec![
                Text(table),
                Int(seat),
                Text(token_hash),
                MaybeText(name),
                MaybeText(account),
            ],
        ),
        Write::SeatToken {
            table,
            seat,
            token_hash,
        } => (
            "UPDATE seat_holders SET token_hash = $1 WHERE table_id = $2 AND seat = $3",
            vec![Text(token_hash), Text(table), Int(seat)],
        ),
        Write::Status { table, status } => (
            "UPDATE game_tables SET status = $1 WHERE id = $2",
            vec![Text(status.to_string()), Text(table)],
        ),
        Write::Action {
            table,
            seq,
            seat,
            at_ms,
            action,
        } => (
            action_insert(1),
            vec![Text(table), Int(seq), Int(seat), Int(at_ms), Text(action)],
        ),
        Write::Progress { table, end_ms } => (
            "UPDATE game_tables SET end_ms = $1 WHERE id = $2",
            vec![Int(end_ms), Text(table)],
        ),
        Write::Finished {
            table,
            record,
            outcome,
            ending,
            finished_at,
            final_state,
        } => (
            "UPDATE game_tables SET status = 'finished', record = $1, outcome = $2, ending = $3, \
             finished_at = $4, final_state = $5 WHERE id = $6",
            vec![
                Text(record),
                Text(outcome),
                Text(ending),
                Int(finished_at),
                MaybeText(final_state),
                Text(table),
            ],
        ),
        Write::FinalState { table, final_state } => (
            "UPDATE game_tables SET final_state = $1 WHERE id = $2",
            vec![Text(final_state), Text(table)],
        ),
        Write::Rating {
            game,
            name,
            rating,
            deviation,
            volatility,
            games,
        } => (
            "INSERT INTO ratings (game, name, rating, deviation, volatility, games) \
             VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (game, name) DO UPDATE SET \
             rating = excluded.rating, deviation = excluded.deviation, \
             volatility = excluded.volatility, games = excluded.games",
            vec![
                Text(game),
                Text(name),
                Real(rating),
                Real(deviation),
                Real(volatility),
                Int(games),
            ],
        ),
        Write::RatingHistory {
            game,
            account,
            table,
            before,
            after,
            deviation,
            at_ms,
        } => (
            "INSERT INTO rating_history (game, account_id, table_id, rating_before, \
             rating_after, deviation, at_ms) VALUES ($1, $2, $3, $4, $5, $6, $7) \
             ON CONFLICT (game, account_id, table_id) DO NOTHING",
            vec![
                Text(game),
                Text(account),
                Text(table),
                Real(before),
                Real(after),
                Real(deviation),
                Int(at_ms),
            ],
        ),
        Write::Setting { key, value } => (
            "INSERT INTO settings_kv (key, value) VALUES ($1, $2) \
             ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            vec![Text(key), Text(value)],
        ),
        Write::DrawOffer { table, seat } => (
            "UPDATE game_tables SET draw_offer = $1 WHERE id = $2",
            vec![MaybeInt(seat), Text(table)],
        ),
        Write::Hint { table, seat } => (
            "UPDATE seat_holders SET hints = hints + 1 WHERE table_id = $1 AND seat = $2",
            vec![Text(table), Int(seat)],
        ),
        Write::TimerStep {
            table,
            version,
            after_actions,
            at_ms,
        } => (
            "INSERT INTO timer_steps (table_id, version, after_actions, at_ms) \
             VALUES ($1, $2, $3, $4)",
            vec![Text(table), Int(version), Int(after_actions), Int(at_ms)],
        ),
        Write::DailyStarted {
            game,
            day,
            name,
            table,
            started_at,
            browser,
        } => {
            // issue #29: one attempt per person, known by their name's key;
            // issue #49: and per browser.
            let name_key = crate::names::key(&name);
            (
                "INSERT INTO daily_entries (game, day, name, table_id, started_at, name_key, \
                 browser_key) VALUES ($1, $2, $3, $4, $5, $6, $7)",
                vec![
                    Text(game),
                    Text(day),
                    Text(name),
                    Text(table),
                    Int(started_at),
                    Text(name_key),
                    MaybeText(browser),
                ],
            )
        }
        Write::DailyFinished {
            table,
            score,
            won,
            time_ms,
            hints,
            ending,
            finished_at,
        } => (
            "UPDATE daily_entries SET finished = 1, score = $1, won = $2, time_ms = $3, \
             hints = $4, ending = $5, finished_at = $6 WHERE table_id = $7",
            vec![
                Int(score),
                Int(won as i64),
                Int(time_ms),
                Int(hints),
                Text(ending),
                Int(finished_at),
                Text(table),
            ],
        ),
    };
    Statement { sql, args }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn action(table: &str, seq: i64) -> Write {
        Write::Action {
            table: table.into(),
            seq,
            seat: 0,
            at_ms: 0,
            action: "{}".into(),
        }
    }

    #[test]
    fn a_dollar_that_is_not_a_parameter_is_left_as_written() {
        let mut script = Script::default();
        script.push(Statement::plain("SELECT 1"));
        script.push(Statement {
            sql: "UPDATE t SET note = 'costs $ 5' WHERE id = $1",
            args: vec![Arg::Int(7)],
        });
        script.push(Statement {
            sql: "SELECT '$', $1, '$$'",
            args: vec![Arg::Int(8)],
        });
        assert_eq!(
            script.sql,
            "SELECT 1;\n\
             UPDATE t SET note = 'costs $ 5' WHERE id = $1;\n\
             SELECT '$', $2, '$$';\n"
        );
        assert_eq!(script.args, vec![Arg::Int(7), Arg::Int(8)]);
    }

    #[test]
    fn a_script_moves_each_statements_parameters_past_the_ones_before() {
        let mut script = Script::default();
        script.push(statement(&Write::Status {
            table: "t1".into(),
            status: "playing",
        }));
        script.push(statement(&Write::Hint {
            table: "t1".into(),
            seat: 1,
        }));
        assert_eq!(
            script.sql,
            "UPDATE game_tables SET status = $1 WHERE id = $2;\n\
             UPDATE seat_holders SET hints = hints + 1 WHERE table_id = $3 AND seat = $4;\n"
        );
        assert_eq!(
            script.args,
            vec![
                Arg::Text("playing".into()),
                Arg::Text("t1".into()),
                Arg::Text("t1".into()),
                Arg::Int(1),
            ]
        );
    }

    #[test]
    fn a_script_renumbers_parameters_of_many_digits() {
        let mut script = Script::default();
        for _ in 0..3 {
            script.push(action_inserts(&[&action("t", 0)]).remove(0));
        }
        assert!(script.sql.contains("($11, $12, $13, $14, $15)"));
        assert_eq!(script.args.len(), 15);
    }

    #[test]
    fn actions_go_in_the_fewest_fixed_size_inserts_and_nothing_else_does() {
        let writes: Vec<Write> = (0..100).map(|i| action("t", i)).collect();
        let status = Write::Status {
            table: "t".into(),
            status: "playing",
        };
        let mut refs: Vec<&Write> = writes.iter().collect();
        refs.insert(50, &status);
        let inserts = action_inserts(&refs);
        let rows: Vec<usize> = inserts.iter().map(|s| s.args.len() / 5).collect();
        assert_eq!(rows, vec![64, 32, 4]);
        // Every action once, in order.
        let seqs: Vec<i64> = inserts
            .iter()
            .flat_map(|s| s.args.chunks(5).map(|row| row[1].clone()))
            .map(|a| match a {
                Arg::Int(n) => n,
                other => panic!("seq is {other:?}"),
            })
            .collect();
        assert_eq!(seqs, (0..100).collect::<Vec<_>>());
    }
}
