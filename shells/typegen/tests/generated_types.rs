//! The checked-in TypeScript wire types (`web/src/generated/`) are exactly
//! what the Rust types produce, so the web client cannot drift from the
//! server and the rules crates.

use std::path::Path;

#[test]
fn web_generated_types_are_up_to_date() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let problems = stackyard_typegen::stale(&root);
    assert!(
        problems.is_empty(),
        "\n{}\nRegenerate with `{}` and commit the result.\n",
        problems.join("\n"),
        stackyard_typegen::COMMAND,
    );
}

#[test]
fn every_file_says_it_is_generated_and_how() {
    for file in stackyard_typegen::files() {
        let head: String = file.text.lines().take(2).collect::<Vec<_>>().join("\n");
        assert!(head.contains("Generated"), "{}: {head}", file.path);
        assert!(
            head.contains(stackyard_typegen::COMMAND),
            "{}: {head}",
            file.path
        );
    }
}

#[test]
fn sixty_four_bit_integers_are_numbers() {
    // JSON numbers reach the browser as numbers, never bigint.
    for file in stackyard_typegen::files() {
        assert!(
            !file.text.contains("bigint"),
            "{} declares a bigint",
            file.path
        );
    }
}
