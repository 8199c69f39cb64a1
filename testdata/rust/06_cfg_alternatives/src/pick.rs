// Of two imports of one name, the one the default features build.
#[cfg(all(feature = "fast", feature = "simd"))]
use crate::engines::quick::solve;
#[cfg(not(feature = "fast"))]
use crate::engines::careful::solve;

pub fn run() -> u32 {
    solve()
}

pub fn again() -> u32 {
    crate::solve()
}
