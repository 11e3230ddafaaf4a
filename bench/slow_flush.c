/* Makes each fsync and fdatasync of a process that preloads it SLOW_FLUSH_US microseconds
 * slower, so a fast local disk flushes like a network volume. bench/slow_flush.py builds it
 * and preloads it into the bench's embedded PostgreSQL; nothing in the product uses it. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdlib.h>
#include <unistd.h>

static void wait_as_a_slow_disk(void) {
    const char *value = getenv("SLOW_FLUSH_US");
    if (value) usleep((useconds_t)strtoul(value, NULL, 10));
}

int fsync(int fd) {
    static int (*real)(int);
    if (!real) real = (int (*)(int))dlsym(RTLD_NEXT, "fsync");
    wait_as_a_slow_disk();
    return real(fd);
}

int fdatasync(int fd) {
    static int (*real)(int);
    if (!real) real = (int (*)(int))dlsym(RTLD_NEXT, "fdatasync");
    wait_as_a_slow_disk();
    return real(fd);
}
