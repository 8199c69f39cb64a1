/* a same-named header next to the source: "config.h" finds this one first */
int net_config_timeout(void);
