//! Which names an account may have: after NFKC, 2 to 24 letters, digits,
//! `-` and `_`, in one script (a name mixing, say, Latin and Cyrillic
//! letters is refused). Uniqueness is by `crate::names::key` (case folded,
//! confusable skeleton), so a look-alike of a taken name is taken.

use unicode_normalization::UnicodeNormalization;
use unicode_security::MixedScript;

/// Shortest name, characters.
pub const MIN_CHARS: usize = 2;
/// Longest name, characters.
pub const MAX_CHARS: usize = 24;

/// The name as it is kept (NFKC), or why it is refused.
pub fn check(name: &str) -> Result<String, String> {
    if name.len() > MAX_CHARS * 4 {
        return Err(format!("a name has at most {MAX_CHARS} characters"));
    }
    let name: String = name.nfkc().collect();
    let chars = name.chars().count();
    if !(MIN_CHARS..=MAX_CHARS).contains(&chars) {
        return Err(format!(
            "a name has {MIN_CHARS} to {MAX_CHARS} characters (this one has {chars})"
        ));
    }
    if let Some(c) = name
        .chars()
        .find(|&c| !(c.is_alphanumeric() || c == '-' || c == '_'))
    {
        return Err(format!(
            "a name holds only letters, digits, - and _ (not {c:?})"
        ));
    }
    if crate::names::key(&name).starts_with("guest") {
        return Err("names starting with \"Guest\" are kept for guests".into());
    }
    Ok(name)
}

/// Refuses a name mixing alphabets (a look-alike in the making). Checked
/// after uniqueness, so a look-alike of a taken name is answered
/// `name_taken`.
pub fn check_script(name: &str) -> Result<(), String> {
    if name.is_single_script() {
        Ok(())
    } else {
        Err("a name's letters must all come from one alphabet".into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn good_names_pass_in_nfkc() {
        assert_eq!(check("Casey_J-2").unwrap(), "Casey_J-2");
        assert_eq!(check("Ｃａｓｅｙ").unwrap(), "Casey");
        assert_eq!(check("Zoë").unwrap(), "Zoë");
        assert_eq!(check("Дмитрий").unwrap(), "Дмитрий");
    }

    #[test]
    fn bad_names_say_why() {
        assert!(check("a").unwrap_err().contains("2 to 24"));
        assert!(check(&"a".repeat(25)).unwrap_err().contains("2 to 24"));
        assert!(check(&"a".repeat(1000)).is_err());
        assert!(
            check("Casey Jones")
                .unwrap_err()
                .contains("letters, digits")
        );
        assert!(check("x<script>").is_err());
        assert!(check("").is_err());
        // Latin C, a, s with Cyrillic е, у.
        assert!(
            check_script("Cas\u{0435}\u{0443}")
                .unwrap_err()
                .contains("one alphabet")
        );
        assert!(check_script("Дмитрий").is_ok());
        assert!(check("Guest1234").is_err());
    }
}
