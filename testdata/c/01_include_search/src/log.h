void log_line(const char *s);
