#include "config.h"
int config_port(void) { return 8080; }
