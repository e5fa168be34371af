//! The terminal client (issue #48): Stackyard's games full-screen in a
//! terminal, with ratatui and crossterm. `stackyard play` calls [`run`].
//!
//! - [`App`] is the whole client as pure code: [`App::handle`] takes a
//!   [`Key`] and changes the state, [`App::draw`] paints it into a ratatui
//!   frame. It is the game picker or one game's screen ([`GameScreen`]):
//!   Towers against the Easy bot (`games/towers_state.rs`, its keys in
//!   `games/towers.rs`, drawn in `games/towers_draw.rs`), Tower of Babel
//!   (`games/babel.rs`) and IceTowers in real time against two bots
//!   (`games/icetowers_state.rs`, keys in `games/icetowers.rs`, drawn in
//!   `games/icetowers_draw.rs`, its bots and timers paced in
//!   `games/icetowers_pace.rs`), all on the games' own crates for rules,
//!   bots and words; `games.rs` is the one list of them and the one file
//!   that declares their modules.
//! - Time is a key: [`Key::Tick`] carries the app's clock, which the game
//!   in play gets as [`GameScreen::advance`]; on a real terminal
//!   [`TerminalKeys`] ticks between keys and before each, in a test the
//!   clock is a number the test sends.
//! - [`drive`] is the event loop, over any ratatui backend and any source
//!   of keys: the real terminal's, or a test's list with `TestBackend`.
//! - [`term::Guard`] restores the terminal on drop and on a panic.
//! - [`towers_advice`] and [`babel_hint`] are the advice in words that the
//!   line-based `stackyard towers play` and `stackyard babel play` give too.
//!
//! ```
//! use ratatui::{Terminal, backend::TestBackend};
//! use stackyard_tui::{App, Key, Palette, drive};
//!
//! let mut app = App::new(stackyard_core::Seed(1), Palette::new(false));
//! let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
//! drive(&mut terminal, &mut app, [Key::Char('1')]).unwrap();
//! assert!(app.game().is_some());
//! ```

mod app;
mod games;
mod keys;
pub mod online;
mod run;
mod screen;
pub mod term;
mod theme;

pub use games::{babel_hint, towers_advice};

pub use app::{App, Flow};
pub use keys::{Key, TICK_MS};
pub use run::{TerminalKeys, drive};
pub use screen::{After, GameScreen};
pub use theme::Palette;

use std::io::IsTerminal;

/// What `stackyard play` is asked to do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    /// Seed of the deals and the bots' choices.
    pub seed: u64,
    /// Online: the server's address (`http://host:port`); `None` plays
    /// here against the built-in bots.
    pub server: Option<String>,
    /// Online, a guest's name at the tables it joins.
    pub name: String,
}

/// Why the client could not run.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// Standard output is a pipe or a file: there is no screen to draw on.
    #[error(
        "play needs a terminal, and standard output is not one; for play through a pipe use \
         `stackyard towers play` or `stackyard babel play`"
    )]
    NotATerminal,
    /// The terminal failed.
    #[error("the terminal failed: {0}")]
    Io(#[from] std::io::Error),
    /// The server's address is not one, or the server did not answer.
    #[error("{0}")]
    Online(#[from] online::OnlineError),
}

/// Runs the client full-screen until the person quits (q at the picker,
/// or Ctrl-C anywhere); the terminal is restored however it ends.
pub fn run(options: Options) -> Result<(), Error> {
    // A malformed address is the command's own mistake: said first.
    let server = options
        .server
        .as_deref()
        .map(online::Server::new)
        .transpose()?;
    if !std::io::stdout().is_terminal() {
        return Err(Error::NotATerminal);
    }
    // The server is asked before the screen is taken, so one that does
    // not answer is a plain error line in a normal terminal.
    let lobby = match server {
        Some(server) => Some(online::Lobby::connect(server, options.name.clone())?),
        None => None,
    };
    let _guard = term::Guard::enter()?;
    let backend = ratatui::backend::CrosstermBackend::new(std::io::stdout());
    let mut terminal = ratatui::Terminal::new(backend)?;
    let palette = Palette::from_env();
    let mut app = match lobby {
        Some(lobby) => App::online(lobby, palette),
        None => App::new(stackyard_core::Seed(options.seed), palette),
    };
    let mut keys = TerminalKeys::default();
    drive(&mut terminal, &mut app, &mut keys)?;
    match keys.error {
        Some(e) => Err(Error::Io(e)),
        None => Ok(()),
    }
}
