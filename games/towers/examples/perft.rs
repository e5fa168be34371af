//! Prints perft counts from a start position: `cargo run --release --example perft -- 8x8 5`.
use stackyard_towers::{Position, perft};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let v = args[1].parse().unwrap();
    let d: u32 = args[2].parse().unwrap();
    let p = Position::new(v).unwrap();
    for depth in 0..=d {
        let t = std::time::Instant::now();
        let n = perft(&p, depth);
        println!("{depth} {n} {:?}", t.elapsed());
    }
}
