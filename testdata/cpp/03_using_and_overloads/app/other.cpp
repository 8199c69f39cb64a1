// a decoy: a trim of its own in another namespace, never included
namespace other { int trim(int x) { return x; } }
