//! Passwords: Argon2id only, checked for strength before they are hashed,
//! and hashed a bounded number at a time.
//!
//! Parameters (OWASP Password Storage Cheat Sheet, Argon2id, the first of
//! its equivalent configurations): m = 19456 KiB (19 MiB), t = 2
//! iterations, p = 1 lane, a 16-byte random salt, a 32-byte output, kept as
//! a PHC string (`$argon2id$v=19$m=19456,t=2,p=1$salt$hash`), so a later
//! change of parameters still verifies old hashes.

use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};

/// Memory per hash, KiB (OWASP: 19 MiB).
pub const M_COST_KIB: u32 = 19 * 1024;
/// Iterations (OWASP: 2 with 19 MiB).
pub const T_COST: u32 = 2;
/// Lanes (OWASP: 1).
pub const P_COST: u32 = 1;
/// The shortest password accepted, characters (NIST SP 800-63B's floor,
/// with the common-password check beside it).
pub const MIN_CHARS: usize = 8;
/// The longest password accepted, bytes (hashing cost stays bounded).
pub const MAX_BYTES: usize = 256;

const COMMON: &str = include_str!("common-passwords.txt");

fn argon2() -> Argon2<'static> {
    // The constants are in range: Params::new only fails outside them.
    let params = Params::new(M_COST_KIB, T_COST, P_COST, Some(32)).unwrap_or_default();
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

/// Why a password is refused, in the player's words; `None` if it may be
/// used by the account `name`.
pub fn weakness(password: &str, name: &str) -> Option<String> {
    let chars = password.chars().count();
    if chars < MIN_CHARS {
        return Some(format!(
            "a password needs at least {MIN_CHARS} characters (this one has {chars})"
        ));
    }
    if password.len() > MAX_BYTES {
        return Some(format!("a password may be at most {MAX_BYTES} bytes long"));
    }
    let folded = password.to_lowercase();
    let mut distinct: Vec<char> = folded.chars().collect();
    distinct.sort_unstable();
    distinct.dedup();
    if distinct.len() < 3 {
        return Some("a password needs more than one or two different characters".into());
    }
    let stem = folded.trim_end_matches(|c: char| c.is_ascii_digit() || c.is_ascii_punctuation());
    if is_common(&folded) || (stem.chars().count() >= 4 && is_common(stem)) {
        return Some("that password is one of the most common ones: choose another".into());
    }
    let name_key = crate::names::key(name);
    if !name_key.is_empty() && crate::names::key(password).contains(&name_key) {
        return Some("a password may not contain your name".into());
    }
    None
}

fn is_common(folded: &str) -> bool {
    COMMON
        .lines()
        .filter(|l| !l.starts_with('#'))
        .any(|l| l.trim() == folded)
}

/// Hashes a password (blocking: call it off the async threads, under the
/// hashing semaphore).
pub fn hash(password: &str) -> Result<String, String> {
    let mut salt = [0u8; 16];
    getrandom::fill(&mut salt).map_err(|e| format!("no randomness for a salt: {e}"))?;
    let salt = SaltString::encode_b64(&salt).map_err(|e| e.to_string())?;
    argon2()
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| format!("hashing: {e}"))
}

/// Whether `password` matches the PHC string `stored` (blocking; constant
/// time in the comparison, the argon2 crate's).
pub fn verify(password: &str, stored: &str) -> bool {
    match PasswordHash::new(stored) {
        Ok(parsed) => argon2()
            .verify_password(password.as_bytes(), &parsed)
            .is_ok(),
        Err(_) => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashes_are_argon2id_with_the_stated_parameters_and_salted() {
        let a = hash("plank-otter-91").unwrap();
        let b = hash("plank-otter-91").unwrap();
        assert!(a.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{a}");
        assert_ne!(a, b, "each hash has its own salt");
        assert!(!a.contains("plank-otter-91"));
        assert!(verify("plank-otter-91", &a));
        assert!(!verify("plank-otter-92", &a));
        assert!(!verify("plank-otter-91", "not a hash"));
    }

    #[test]
    fn weak_passwords_are_refused_with_a_reason() {
        assert!(weakness("short", "casey").unwrap().contains("at least 8"));
        assert!(weakness("password", "casey").unwrap().contains("common"));
        assert!(
            weakness("Password123!", "casey")
                .unwrap()
                .contains("common")
        );
        assert!(weakness("QWERTYUIOP", "casey").unwrap().contains("common"));
        assert!(weakness("aaaaaaaaaa", "casey").is_some());
        assert!(
            weakness("casey-is-great", "Casey")
                .unwrap()
                .contains("name")
        );
        assert!(weakness(&"x1y2".repeat(100), "casey").is_some());
        assert_eq!(weakness("plank-otter-91", "casey"), None);
    }
}
