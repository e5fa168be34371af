//! Every Stackyard game by its stable name: the one list a host reads.
//!
//! A host (the server, a test, the command line) never names a game type:
//! it asks [`registry`] for a [`GameKind`](stackyard_core::host::GameKind)
//! by name and works through the type-erased contract in
//! [`stackyard_core::host`]. What a game says about itself (title, seats,
//! length, rules page, settings form, bot levels) is its
//! [`Listed`](stackyard_core::Listed) implementation, read through
//! [`GameKind::about`](stackyard_core::host::GameKind::about). Tools that
//! need the game types themselves (the TypeScript generator) walk the
//! same list with [`each_game`]. Adding a game is one line in
//! [`each_game`].
//!
//! ```
//! let games = stackyard_registry::registry();
//! let towers = games.get("towers").unwrap();
//! assert_eq!(towers.title(), "Towers");
//! assert_eq!(towers.about().seats.max, 2);
//! let table = towers.create(&towers.default_settings(), stackyard_core::Seed(1)).unwrap();
//! assert_eq!(table.seat_count(), 2);
//! ```

use stackyard_core::Listed;
use stackyard_core::host::Registry;

/// Something done once per listed game, with its type.
pub trait EachGame {
    /// Called for game `G`, in the order a lobby lists them.
    fn game<G: Listed>(&mut self);
}

/// Calls `visitor` for every game this build hosts, in the order a lobby
/// lists them (the physics games only with the `physics` feature, on by
/// default). The one list of games.
pub fn each_game(visitor: &mut impl EachGame) {
    each_game_without_physics(visitor);
    #[cfg(feature = "physics")]
    {
        visitor.game::<stackyard_speedy::SpeedyTowers>();
        visitor.game::<stackyard_leaning::LeaningTowers>();
    }
}

/// Calls `visitor` for the games refereed without physics, the first of
/// [`each_game`]: what a build without the `physics` feature hosts (the
/// browser's small rules module).
pub fn each_game_without_physics(visitor: &mut impl EachGame) {
    visitor.game::<stackyard_towers::Position>();
    visitor.game::<stackyard_babel::Babel>();
    visitor.game::<stackyard_icetowers::IceTowers>();
}

/// The names of the games of [`each_game_without_physics`].
pub fn names_without_physics() -> Vec<&'static str> {
    struct Names(Vec<&'static str>);
    impl EachGame for Names {
        fn game<G: Listed>(&mut self) {
            self.0.push(G::NAME);
        }
    }
    let mut names = Names(Vec::new());
    each_game_without_physics(&mut names);
    names.0
}

/// Every game this build hosts, by name, in the order of [`each_game`].
pub fn registry() -> Registry {
    struct Build(Option<Registry>);
    impl EachGame for Build {
        fn game<G: Listed>(&mut self) {
            self.0 = self.0.take().map(Registry::with::<G>);
        }
    }
    let mut build = Build(Some(Registry::new()));
    each_game(&mut build);
    build.0.unwrap_or_default()
}
