// Loaded by `#[path]`: still the module `legacy` of the crate.
pub fn old() -> f64 {
    crate::metres(2.0)
}
