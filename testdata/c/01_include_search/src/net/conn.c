#include "config.h"
#include <config.h>
#include "util.h"
#include <string.h>

int net_config_timeout(void) { return 30; }

int conn_open(const char *host) {
    int port = config_port();
    log_line(host);
    return port + net_config_timeout() + (int)strlen(host) + undeclared_helper();
}
