class Sync {
    void run() {
    }
}
