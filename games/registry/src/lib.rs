//! Every Stackyard game by its stable name: the one list a host reads.
//!
//! A host (the server, a test, the command line) never names a game type:
//! it asks [`registry`] for a [`GameKind`](stackyard_core::host::GameKind)
//! by name and works through the type-erased contract in
//! [`stackyard_core::host`]. Adding a game is one line below.
//!
//! ```
//! let games = stackyard_registry::registry();
//! let towers = games.get("towers").unwrap();
//! assert_eq!(towers.title(), "Towers");
//! let table = towers.create(&towers.default_settings(), stackyard_core::Seed(1)).unwrap();
//! assert_eq!(table.seat_count(), 2);
//! ```

use stackyard_core::host::Registry;

/// Every game this build hosts, in the order a lobby lists them (the
/// physics games only with the `physics` feature, on by default).
pub fn registry() -> Registry {
    let games = Registry::new()
        .with::<stackyard_towers::Position>()
        .with::<stackyard_babel::Babel>()
        .with::<stackyard_icetowers::IceTowers>();
    #[cfg(feature = "physics")]
    let games = games
        .with::<stackyard_speedy::SpeedyTowers>()
        .with::<stackyard_leaning::LeaningTowers>();
    games
}
