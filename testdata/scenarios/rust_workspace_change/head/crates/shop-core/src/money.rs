/// Rounds to cents.
pub fn round(value: f64) -> f64 {
    (value * 100.0 + 0.5).floor() / 100.0
}

pub fn format(value: f64) -> String {
    format!("{:.2}", value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounds_half_up() {
        let rounded = round(1.005);
        assert!(rounded > 1.0);
    }

    #[test]
    fn formats() {
        let text = format(1.0);
        assert_eq!(text, "1.00");
    }
}
