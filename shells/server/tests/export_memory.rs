//! `stackyard export` streams (issue #47): 100 000 finished records of
//! about a kilobyte each, 100 MB of NDJSON, leave with the memory the
//! export holds at its peak a small bound, not a store's worth. One test
//! alone in its binary: the allocator counts every thread's
//! (`peakmem-alloc`).

mod common;

use peakmem_alloc::{INSTRUMENTED_SYSTEM, PeakMemAlloc, PeakMemAllocTrait};
use stackyard_server::export::export;
use stackyard_server::store::FinishedFilter as ExportFilter;
use stackyard_server::store::Store;
use std::alloc::System;

/// The system allocator, counting the peak of the bytes live since a reset.
#[global_allocator]
static ALLOCATOR: &PeakMemAlloc<System> = &INSTRUMENTED_SYSTEM;

/// Counts what it is given and keeps nothing.
struct Sink {
    bytes: u64,
    lines: u64,
}

impl std::io::Write for Sink {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.bytes += buf.len() as u64;
        self.lines += buf.iter().filter(|&&b| b == b'\n').count() as u64;
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

const RECORDS: i64 = 100_000;

#[test]
fn a_hundred_thousand_records_stream_in_constant_memory() {
    let dir = common::temp_dir("export-memory");
    let db = dir.join("stackyard.db").display().to_string();
    let rt = tokio::runtime::Runtime::new().unwrap();
    rt.block_on(async {
        drop(Store::open(&db).await.unwrap());
        let pool = sqlx::any::AnyPoolOptions::new()
            .max_connections(1)
            .connect(&format!("sqlite://{db}"))
            .await
            .unwrap();
        // 100 000 finished tables in one statement, each record about a
        // kilobyte (a short game's worth of actions).
        sqlx::query(
            "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $1) \
             INSERT INTO game_tables (id, game, seats, rated, header, created_at, creator, status, \
             record, outcome, ending, finished_at) \
             SELECT printf('t%06d', i), 'towers', '[\"ann\",\"bob\"]', i % 2, '{}', i, 'test', 'finished', \
             '{\"game\":\"towers\",\"seed\":' || i || ',\"actions\":\"' || hex(zeroblob(480)) || '\"}', \
             '{\"winner\":0}', '{\"reason\":\"done\"}', i * 10 FROM n",
        )
        .bind(RECORDS)
        .execute(&pool)
        .await
        .unwrap();
        pool.close().await;
    });
    let mut sink = Sink { bytes: 0, lines: 0 };
    // The process's peak resident memory from here on (Linux: writing 5
    // to clear_refs resets VmHWM): SQLite's own allocations (its page
    // cache, a sort) are not Rust's and the allocator does not see them.
    std::fs::write("/proc/self/clear_refs", "5").expect("VmHWM reset");
    let resident_before = resident_peak_kb();
    ALLOCATOR.reset_peak_memory();
    let done = rt
        .block_on(export(&db, &ExportFilter::default(), &mut sink))
        .unwrap();
    let peak = ALLOCATOR.get_peak_memory();
    assert_eq!(done.lines, RECORDS as u64);
    assert_eq!(sink.lines, RECORDS as u64);
    assert!(sink.bytes > 100_000_000, "wrote only {} bytes", sink.bytes);
    // A page of rows (256 of about 1.1 kB), SQLite's page cache (2 MB by
    // default) and the connection: a few MB, whatever the store's size.
    assert!(
        peak < 16 << 20,
        "the export held {peak} bytes at its peak while writing {} bytes",
        sink.bytes
    );
    let resident = resident_peak_kb();
    assert!(
        resident < resident_before + 64 * 1024,
        "the process's resident peak grew from {resident_before} kB to {resident} kB"
    );
}

/// The process's peak resident memory since the last reset, kB.
fn resident_peak_kb() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .expect("VmHWM in /proc/self/status")
}
