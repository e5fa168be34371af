//! The protocol's constants a client needs: its version, the longest
//! name, the close codes. typegen writes them beside the wire types
//! (web/src/generated/server.ts), so the browser never restates them.

use serde_json::Value;

/// The protocol version this server speaks.
pub const PROTOCOL: u32 = 1;

/// The longest player name, in characters (the browser's name fields stop
/// there too: `NAME_MAX_CHARS` in web/src/generated/server.ts).
pub const NAME_MAX_CHARS: usize = 32;

/// An account's name, shortest and longest, in characters (issue #27;
/// the browser's sign-up form holds to them before it asks).
pub const ACCOUNT_NAME_MIN_CHARS: usize = crate::accounts::names::MIN_CHARS;
/// See [`ACCOUNT_NAME_MIN_CHARS`].
pub const ACCOUNT_NAME_MAX_CHARS: usize = crate::accounts::names::MAX_CHARS;
/// The shortest password, in characters.
pub const PASSWORD_MIN_CHARS: usize = crate::accounts::passwords::MIN_CHARS;

/// Close code: the connection broke a rule (no such table, too many
/// messages).
pub const CLOSE_POLICY: u16 = axum::extract::ws::close_code::POLICY;
/// Close code: a message over the size limit.
pub const CLOSE_TOO_LARGE: u16 = axum::extract::ws::close_code::SIZE;
/// Close code: the server is busy or handing the table over; try again.
pub const CLOSE_OVERLOADED: u16 = axum::extract::ws::close_code::AGAIN;

/// The protocol's constants a client needs, by name (typegen writes them
/// beside the wire types, so the browser never restates them).
pub fn wire_constants() -> Vec<(&'static str, Value)> {
    vec![
        ("PROTOCOL", Value::from(PROTOCOL)),
        ("NAME_MAX_CHARS", Value::from(NAME_MAX_CHARS)),
        (
            "ACCOUNT_NAME_MIN_CHARS",
            Value::from(ACCOUNT_NAME_MIN_CHARS),
        ),
        (
            "ACCOUNT_NAME_MAX_CHARS",
            Value::from(ACCOUNT_NAME_MAX_CHARS),
        ),
        ("PASSWORD_MIN_CHARS", Value::from(PASSWORD_MIN_CHARS)),
        ("CLOSE_POLICY", Value::from(CLOSE_POLICY)),
        ("CLOSE_TOO_LARGE", Value::from(CLOSE_TOO_LARGE)),
        ("CLOSE_OVERLOADED", Value::from(CLOSE_OVERLOADED)),
    ]
}
