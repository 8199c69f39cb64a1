fn main() {
    let _ = webshop::handlers::router();
}
