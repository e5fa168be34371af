//! `stackyard towers solve --checkpoint FILE` (issue 45): a solve run in
//! pieces under a time limit, each piece going on from the file the last
//! one wrote, ends with the value and best moves of a solve run whole; a
//! file that is not this solve's checkpoint is refused in words and left
//! as it was.

mod common;

use common::{last_line, stackyard};
/// A fresh path in a temporary folder for `name`, gone with the folder
/// when the test drops it.
fn scratch(name: &str) -> common::TestDir {
    common::temp_dir(name)
}

fn text(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The last two lines: best moves and value.
fn answer(out: &std::process::Output) -> Vec<String> {
    text(out)
        .lines()
        .rev()
        .take(2)
        .map(str::to_string)
        .collect()
}

#[test]
fn a_solve_in_pieces_ends_where_a_whole_one_does() {
    let whole = stackyard(&["towers", "solve", "--board", "4x5", "--threads", "1"]);
    assert!(whole.status.success());
    assert_eq!(last_line(&whole), "value 2");
    let file = scratch("4x5.solve");
    let f = file.to_str().unwrap();
    let mut pieces = 0;
    let last = loop {
        pieces += 1;
        assert!(pieces <= 200, "no answer after 200 pieces");
        let out = stackyard(&[
            "towers",
            "solve",
            "--board",
            "4x5",
            "--threads",
            "1",
            "--time-limit",
            "0.1",
            "--checkpoint",
            f,
        ]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let t = text(&out);
        assert!(t.contains(&format!("checkpoint written to {f}")), "{t}");
        if pieces > 1 {
            assert!(t.contains(&format!("going on from {f}: value in [")), "{t}");
        }
        if !last_line(&out).starts_with("time limit reached") {
            break out;
        }
    };
    assert!(pieces > 1, "the first 0.1 s piece solved 4x5 whole");
    assert_eq!(answer(&last), answer(&whole));
    // Once solved, the file answers at once.
    let again = stackyard(&["towers", "solve", "--board", "4x5", "--checkpoint", f]);
    assert_eq!(answer(&again), answer(&whole));
    let _ = std::fs::remove_file(&file);
}

#[test]
fn a_file_that_is_not_this_solve_s_checkpoint_is_refused_and_kept() {
    let file = scratch("other.solve");
    let f = file.to_str().unwrap();
    // Not a checkpoint at all.
    std::fs::write(&file, "my notes, not a checkpoint\n").unwrap();
    let out = stackyard(&["towers", "solve", "--board", "3x3", "--checkpoint", f]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("not a Stackyard solve checkpoint"), "{err}");
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        "my notes, not a checkpoint\n"
    );
    // Another board's checkpoint.
    std::fs::remove_file(&file).unwrap();
    let out = stackyard(&["towers", "solve", "--board", "3x3", "--checkpoint", f]);
    assert!(out.status.success());
    let before = std::fs::read(&file).unwrap();
    let out = stackyard(&["towers", "solve", "--board", "3x4", "--checkpoint", f]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("3x3") && err.contains("3x4"), "{err}");
    assert_eq!(std::fs::read(&file).unwrap(), before);
    // Cut short.
    std::fs::write(&file, &before[..before.len() / 2]).unwrap();
    let out = stackyard(&["towers", "solve", "--board", "3x3", "--checkpoint", f]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("--checkpoint") && err.contains("cut short"),
        "{err}"
    );
    // --checkpoint-every means nothing without a file.
    let out = stackyard(&[
        "towers",
        "solve",
        "--board",
        "3x3",
        "--checkpoint-every",
        "5",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let _ = std::fs::remove_file(&file);
}
