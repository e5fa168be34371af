//! Names compared as a person reads them. Two names are the same person's
//! when their keys are equal: NFKC (fullwidth and other compatibility
//! forms become plain letters), case folded, whitespace collapsed, and
//! reduced to the Unicode confusable skeleton (UTS #39), so a Cyrillic or
//! Greek look-alike of a Latin name is that name. The key is only for
//! comparing; a name is shown as it was typed.

use unicode_normalization::UnicodeNormalization;
use unicode_security::confusable_detection::skeleton;

/// The key two names are compared by.
pub fn key(name: &str) -> String {
    let folded: String = name.nfkc().flat_map(char::to_lowercase).collect();
    // The skeleton may map a look-alike to an upper-case prototype, so fold
    // again after it; the second skeleton makes the key a fixed point.
    let skeletal: String = skeleton(&folded).flat_map(char::to_lowercase).collect();
    let skeletal: String = skeleton(&skeletal).collect();
    skeletal.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Whether two names are the same person's.
pub fn same(a: &str, b: &str) -> bool {
    key(a) == key(b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn case_width_spacing_and_look_alikes_are_one_name() {
        for other in [
            "casey",
            "CASEY",
            "Ｃａｓｅｙ",
            // Cyrillic С, а, е, у.
            "\u{0421}\u{0430}s\u{0435}\u{0443}",
            "  Casey  ",
        ] {
            assert!(same("Casey", other), "{other:?}");
        }
        assert!(same("Casey Jones", "Casey  Jones"));
        assert!(same("Casey Jones", "casey\u{3000}jones"));
        // Greek capital Alpha, Iota; Cyrillic о.
        assert!(same("ALICE", "\u{0391}L\u{0399}CE"));
        assert!(same("Bob", "B\u{043e}b"));
    }

    #[test]
    fn different_names_stay_different() {
        assert!(!same("Casey", "Cassy"));
        assert!(!same("Casey", "Casey2"));
        assert!(!same("Ann", "Anna"));
        assert!(!same("Casey Jones", "CaseyJones"));
    }

    #[test]
    fn the_key_is_a_fixed_point() {
        for name in ["Casey", "Ｃａｓｅｙ", "ΑLΙCE", "rn m", "ǅemal"] {
            assert_eq!(key(&key(name)), key(name), "{name:?}");
        }
    }
}
