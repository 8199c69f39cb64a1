/* the project's config, found through -I */
int config_port(void);
