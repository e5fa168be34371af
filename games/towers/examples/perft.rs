//! perft from the command line, with timings.
//!
//! `cargo run --release -p stackyard-towers --example perft -- 8x8 5` prints
//! perft(start, d) for d = 0..=5; `… --example perft -- check
//! games/towers/tests/data/perft.txt` recomputes every line of the data
//! file (the test suite recomputes only the small ones).

use stackyard_towers::{Position, perft};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.get(1).map(String::as_str) == Some("check") {
        let text = std::fs::read_to_string(&args[2]).expect("readable data file");
        let mut bad = 0;
        for line in text
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        {
            let f: Vec<&str> = line.split_whitespace().collect();
            let p = Position::new(f[0].parse().expect("variant")).expect("position");
            let t = std::time::Instant::now();
            let got = perft(&p, f[1].parse().expect("depth"));
            let ok = got.to_string() == f[2];
            bad += usize::from(!ok);
            println!(
                "{line:<50} {} {:?}",
                if ok { "ok" } else { "MISMATCH" },
                t.elapsed()
            );
        }
        std::process::exit(i32::from(bad > 0));
    }
    let v = args[1].parse().expect("variant like 8x8+capture");
    let d: u32 = args[2].parse().expect("depth");
    let p = Position::new(v).expect("valid variant");
    for depth in 0..=d {
        let t = std::time::Instant::now();
        let n = perft(&p, depth);
        println!("{depth} {n} {:?}", t.elapsed());
    }
}
