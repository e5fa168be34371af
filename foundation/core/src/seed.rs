//! Seeds: the single source of every game's randomness.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// The seed a game (or a simulation, a tournament, a batch of deals) is
/// created from. Recorded in every [`Record`](crate::Record).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(transparent)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Seed(pub u64);

impl Seed {
    /// An independent, reproducible random stream for one purpose.
    ///
    /// Different `purpose` strings give unrelated streams from the same
    /// seed, so adding a new use of randomness (say, hand noise) never
    /// shifts an old one (the deal). ChaCha8 is used because its output is
    /// specified, unlike `StdRng`, which may change between rand versions.
    pub fn rng(self, purpose: &str) -> ChaCha8Rng {
        let mut key = [0u8; 32];
        key[..8].copy_from_slice(&self.0.to_le_bytes());
        let digest = fnv1a64(purpose.as_bytes());
        key[8..16].copy_from_slice(&digest.to_le_bytes());
        ChaCha8Rng::from_seed(key)
    }

    /// The seed of the `index`-th item of a batch (game `index` of a
    /// simulation, deal `index` of a survey). Batches stay reproducible
    /// however the items are spread over threads.
    pub fn child(self, index: u64) -> Seed {
        Seed(splitmix64(
            self.0 ^ splitmix64(index.wrapping_add(0x9E37_79B9_7F4A_7C15)),
        ))
    }
}

fn fnv1a64(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// SplitMix64's output function: a well-spread 64-bit value from any
/// other (consecutive inputs give unrelated outputs). The one mixer that
/// seeds are derived with everywhere (child seeds here, MCTS threads and
/// tournament schedules in the search crate), so every derived seed stays
/// reproducible across crates.
pub fn splitmix64(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl fmt::Display for Seed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl FromStr for Seed {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        s.trim()
            .parse::<u64>()
            .map(Seed)
            .map_err(|_| format!("a seed is a whole number from 0 to {}, not {s:?}", u64::MAX))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::RngExt;

    #[test]
    fn purposes_give_different_streams() {
        let a: u64 = Seed(1).rng("deal").random();
        let b: u64 = Seed(1).rng("noise").random();
        assert_ne!(a, b);
    }

    #[test]
    fn children_differ_from_each_other_and_the_parent() {
        let s = Seed(42);
        assert_ne!(s.child(0), s.child(1));
        assert_ne!(s.child(0), s);
        assert_eq!(s.child(5), Seed(42).child(5));
    }

    #[test]
    fn parse_rejects_garbage_with_a_message() {
        assert_eq!("12".parse::<Seed>(), Ok(Seed(12)));
        let err = "twelve".parse::<Seed>().unwrap_err();
        assert!(err.contains("twelve"), "{err}");
    }
}
