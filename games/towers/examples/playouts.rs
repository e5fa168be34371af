//! Random playouts per second from the 8×8 start (a quick check; the
//! criterion bench `playouts` is the measurement of record):
//! `cargo run --release -p stackyard-towers --example playouts -- 100000`.

use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use stackyard_towers::{Position, random_playout};

fn main() {
    let n: u32 = std::env::args()
        .nth(1)
        .map_or(100_000, |a| a.parse().expect("a count"));
    let start = Position::standard();
    let mut rng = Pcg64Mcg::seed_from_u64(1);
    let t = std::time::Instant::now();
    let mut plies = 0u64;
    for _ in 0..n {
        plies += u64::from(random_playout(&mut start.clone(), &mut rng));
    }
    let s = t.elapsed().as_secs_f64();
    println!(
        "{n} playouts, {plies} plies, {:.0} playouts/s, {:.1} plies/playout",
        f64::from(n) / s,
        plies as f64 / f64::from(n)
    );
}
