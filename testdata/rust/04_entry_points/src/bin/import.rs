fn main() {
    webshop::main();
}
