void write(String message) {}
