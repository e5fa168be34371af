//! Small statistics for reported fractions: the Wilson score interval.

/// A 95% Wilson score interval for `successes` out of `trials`, as
/// `(low, high)`; `(0, 1)` when there are no trials.
pub fn wilson95(successes: u64, trials: u64) -> (f64, f64) {
    if trials == 0 {
        return (0.0, 1.0);
    }
    let z = 1.959_963_984_540_054_f64;
    let n = trials as f64;
    let p = successes as f64 / n;
    let z2 = z * z;
    let denom = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

#[cfg(test)]
mod tests {
    use super::wilson95;

    #[test]
    fn wilson_brackets_the_estimate_and_narrows() {
        let (lo, hi) = wilson95(50, 100);
        assert!(lo < 0.5 && hi > 0.5);
        assert!((hi - lo) > 0.18 && (hi - lo) < 0.2, "{lo} {hi}");
        let (lo2, hi2) = wilson95(5000, 10000);
        assert!(hi2 - lo2 < 0.02);
        let (lo3, hi3) = wilson95(0, 1000);
        assert!(lo3 < 1e-12);
        assert!(hi3 > 0.0 && hi3 < 0.005);
    }
}
