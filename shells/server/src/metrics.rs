//! Prometheus metrics: one process-wide recorder, rendered at `/metrics`.

use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};
use std::sync::OnceLock;

static HANDLE: OnceLock<Option<PrometheusHandle>> = OnceLock::new();

/// Installs the recorder (once per process; later calls do nothing).
pub fn install() {
    HANDLE.get_or_init(|| {
        // Durations in seconds, counts per batch in units: each its own
        // buckets, so neither histogram wastes its resolution.
        let recorder = PrometheusBuilder::new()
            .set_buckets_for_metric(
                Matcher::Suffix("_seconds".into()),
                &[
                    0.0002, 0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1.0, 2.0,
                    5.0,
                ],
            )
            .ok()?
            .set_buckets(&[
                1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 64.0, 128.0, 256.0, 512.0, 1024.0,
            ])
            .ok()?
            .build_recorder();
        let handle = recorder.handle();
        metrics::set_global_recorder(recorder).ok()?;
        Some(handle)
    });
}

/// The metrics as Prometheus text.
pub fn render() -> String {
    match HANDLE.get() {
        Some(Some(handle)) => handle.render(),
        _ => String::from("# metrics recorder not installed\n"),
    }
}
