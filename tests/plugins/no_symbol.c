/* A shared object without the plugin descriptor (tests/cli/970_plugins.sh). */
int not_a_policy(int x);
int not_a_policy(int x) { return x + 1; }
