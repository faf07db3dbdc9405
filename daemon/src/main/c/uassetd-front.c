/*
 * uassetd-front: the native front-end of one-shot commands (docs/server.md).
 *
 * The uassetd launcher execs it with UASSETD_LAUNCHER (the launcher itself) and UASSETD_SERVER_JAR
 * (the jar, whose size and time name the build). It hands the command line, the working folder and
 * the environment to the resident server of this user and build over a Unix domain socket in a
 * private folder, starting the server when none answers, and relays the server's stdout, stderr and
 * exit status; Ctrl-C cancels the command on the server. Commands the server does not serve, and
 * any trouble reaching it, run in-process: the launcher again, with --no-server.
 */
#define _DEFAULT_SOURCE
#define _DARWIN_C_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define PROTOCOL_VERSION 1

extern char **environ;

static const char *launcher;
static int sig_pipe[2] = {-1, -1};

static void run_in_process(int argc, char **argv, const char *why) {
    if (why != NULL && getenv("UASSETD_SERVER_DEBUG") != NULL) {
        fprintf(stderr, "uassetd-front: in-process: %s\n", why);
    }
    char **args = calloc((size_t)argc + 2, sizeof(char *));
    if (args == NULL) {
        perror("uassetd");
        exit(1);
    }
    args[0] = (char *)launcher;
    args[1] = "--no-server";
    for (int i = 1; i < argc; i++) {
        args[i + 1] = argv[i];
    }
    args[argc + 1] = NULL;
    execv(launcher, args);
    fprintf(stderr, "uassetd: cannot run %s: %s\n", launcher, strerror(errno));
    exit(1);
}

static int no_server_wanted(void) {
    const char *v = getenv("UASSETD_NO_SERVER");
    return v != NULL && *v != '\0' && strcmp(v, "0") != 0;
}

/* Commands and options the server never runs: the same lists as ResidentServer's. */
static int in_process_only(int argc, char **argv) {
    static const char *commands[] = {"serve", "batch", "__cds-train", "--prepare-startup", "--serve-socket", "--no-server", NULL};
    static const char *options[] = {"--workers", "--cache-mb", "--memory-mb", "--oodle", "--no-server", NULL};
    if (argc < 2) {
        return 1;
    }
    for (int c = 0; commands[c] != NULL; c++) {
        if (strcmp(argv[1], commands[c]) == 0) {
            return 1;
        }
    }
    for (int i = 1; i < argc; i++) {
        for (int o = 0; options[o] != NULL; o++) {
            size_t n = strlen(options[o]);
            if (strncmp(argv[i], options[o], n) == 0 && (argv[i][n] == '\0' || argv[i][n] == '=')) {
                return 1;
            }
        }
    }
    return 0;
}

/* The private folder: made 0700 when missing; refused (why written to `why`) unless a folder of ours with no group/other bits. */
static int runtime_dir(char *dir, size_t cap, char *why, size_t wcap) {
    const char *explicit_dir = getenv("UASSETD_RUNTIME_DIR");
    const char *xdg = getenv("XDG_RUNTIME_DIR");
    int n;
    if (explicit_dir != NULL && *explicit_dir != '\0') {
        n = snprintf(dir, cap, "%s", explicit_dir);
    } else if (xdg != NULL && *xdg != '\0') {
        n = snprintf(dir, cap, "%s/uassetd", xdg);
    } else {
        const char *tmp = getenv("TMPDIR");
        n = snprintf(dir, cap, "%s/uassetd-%u", (tmp != NULL && *tmp != '\0') ? tmp : "/tmp", (unsigned)geteuid());
    }
    if (n < 0 || (size_t)n >= cap) {
        snprintf(why, wcap, "the runtime folder's name is too long");
        return -1;
    }
    if (mkdir(dir, 0700) != 0 && errno != EEXIST) {
        snprintf(why, wcap, "cannot make %s: %s", dir, strerror(errno));
        return -1;
    }
    struct stat st;
    if (lstat(dir, &st) != 0) {
        snprintf(why, wcap, "cannot check %s: %s", dir, strerror(errno));
        return -1;
    }
    if (!S_ISDIR(st.st_mode)) {
        snprintf(why, wcap, "%s is not a folder", dir);
        return -1;
    }
    if (st.st_uid != geteuid()) {
        snprintf(why, wcap, "%s is owned by user %u, not %u", dir, (unsigned)st.st_uid, (unsigned)geteuid());
        return -1;
    }
    if ((st.st_mode & 077) != 0) {
        snprintf(why, wcap, "%s is open to other users (mode %03o; must be 700)", dir, (unsigned)(st.st_mode & 0777));
        return -1;
    }
    return 0;
}

static int build_id(char *id, size_t cap) {
    const char *forced = getenv("UASSETD_BUILD_ID");
    if (forced != NULL && *forced != '\0') {
        for (const char *p = forced; *p; p++) {
            if (!((*p >= '0' && *p <= '9') || (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || *p == '-' || *p == '.' || *p == '_')) {
                return -1;
            }
        }
        return snprintf(id, cap, "%s", forced) < (int)cap ? 0 : -1;
    }
    const char *jar = getenv("UASSETD_SERVER_JAR");
    struct stat st;
    if (jar == NULL || stat(jar, &st) != 0) {
        return -1;
    }
    snprintf(id, cap, "%llx-%llx", (unsigned long long)st.st_size, (unsigned long long)st.st_mtime);
    return 0;
}

/* pipe2(O_CLOEXEC [| O_NONBLOCK]) where the system lacks pipe2 (macOS) */
static int pipe_cloexec(int p[2], int nonblock) {
    if (pipe(p) != 0) {
        return -1;
    }
    for (int i = 0; i < 2; i++) {
        fcntl(p[i], F_SETFD, FD_CLOEXEC);
        if (nonblock) {
            fcntl(p[i], F_SETFL, fcntl(p[i], F_GETFL) | O_NONBLOCK);
        }
    }
    return 0;
}

static int connect_to(const char *path) {
    int fd = socket(AF_UNIX, SOCK_STREAM, 0);
    if (fd < 0) {
        return -1;
    }
    fcntl(fd, F_SETFD, FD_CLOEXEC);
    struct sockaddr_un a;
    memset(&a, 0, sizeof a);
    a.sun_family = AF_UNIX;
    memcpy(a.sun_path, path, strlen(path) + 1);
    if (connect(fd, (struct sockaddr *)&a, sizeof a) != 0) {
        close(fd);
        return -1;
    }
    return fd;
}

static int alive(pid_t pid) {
    if (kill(pid, 0) != 0 && errno == ESRCH) {
        return 0;
    }
    char path[64], buf[256];
    snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        return 1; /* no /proc: kill said it exists */
    }
    ssize_t n = read(fd, buf, sizeof buf - 1);
    close(fd);
    if (n <= 0) {
        return 0;
    }
    buf[n] = '\0';
    char *end = strrchr(buf, ')');
    return !(end != NULL && end[1] == ' ' && end[2] == 'Z');
}

/* Whether a live process holds the server's lock (Java's FileChannel.tryLock takes a POSIX record lock). */
static int lock_held(const char *path) {
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        return 0;
    }
    struct flock fl;
    memset(&fl, 0, sizeof fl);
    fl.l_type = F_WRLCK;
    fl.l_whence = SEEK_SET;
    int held = fcntl(fd, F_GETLK, &fl) == 0 && fl.l_type != F_UNLCK;
    close(fd);
    return held;
}

/* Starts the server detached (its own session, stdin /dev/null, output to the log); returns its pid or -1. */
static pid_t start_server(const char *dir, const char *id, const char *log) {
    int p[2];
    if (pipe_cloexec(p, 0) != 0) {
        return -1;
    }
    pid_t child = fork();
    if (child < 0) {
        return -1;
    }
    if (child == 0) {
        close(p[0]);
        setsid();
        pid_t grandchild = fork();
        if (grandchild == 0) {
            int in = open("/dev/null", O_RDONLY);
            int out = open(log, O_WRONLY | O_CREAT | O_APPEND, 0600);
            if (in < 0 || out < 0 || dup2(in, 0) < 0 || dup2(out, 1) < 0 || dup2(out, 2) < 0) {
                _exit(127);
            }
            if (chdir(dir) != 0) {
                _exit(127);
            }
            signal(SIGINT, SIG_IGN); /* a Ctrl-C in the terminal that started it is the command's, not the server's */
            execl(launcher, launcher, "--serve-socket", dir, id, (char *)NULL);
            _exit(127);
        }
        if (write(p[1], &grandchild, sizeof grandchild) != (ssize_t)sizeof grandchild) {
            _exit(1);
        }
        _exit(0);
    }
    close(p[1]);
    pid_t server = -1;
    if (read(p[0], &server, sizeof server) != (ssize_t)sizeof server) {
        server = -1;
    }
    close(p[0]);
    waitpid(child, NULL, 0);
    return server;
}

static void sleep_ms(long ms) {
    struct timespec t = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&t, NULL);
}

/* ---- frames ---- */

typedef struct {
    unsigned char *b;
    size_t len, cap;
} buf_t;

static void put_bytes(buf_t *b, const void *p, size_t n) {
    if (b->len + n > b->cap) {
        size_t cap = b->cap ? b->cap : 4096;
        while (cap < b->len + n) {
            cap *= 2;
        }
        b->b = realloc(b->b, cap);
        if (b->b == NULL) {
            perror("uassetd");
            exit(1);
        }
        b->cap = cap;
    }
    memcpy(b->b + b->len, p, n);
    b->len += n;
}

static void put_u32(buf_t *b, uint32_t v) {
    unsigned char x[4] = {(unsigned char)(v >> 24), (unsigned char)(v >> 16), (unsigned char)(v >> 8), (unsigned char)v};
    put_bytes(b, x, 4);
}

static void put_str(buf_t *b, const char *s) {
    size_t n = strlen(s);
    put_u32(b, (uint32_t)n);
    put_bytes(b, s, n);
}

static int write_all(int fd, const void *p, size_t n) {
    const char *c = p;
    while (n > 0) {
        ssize_t w = write(fd, c, n);
        if (w < 0) {
            if (errno == EINTR) {
                continue;
            }
            return -1;
        }
        c += w;
        n -= (size_t)w;
    }
    return 0;
}

static int send_frame(int fd, char type, const unsigned char *payload, size_t len) {
    unsigned char h[5] = {(unsigned char)type, (unsigned char)(len >> 24), (unsigned char)(len >> 16), (unsigned char)(len >> 8), (unsigned char)len};
    if (write_all(fd, h, 5) != 0) {
        return -1;
    }
    return len == 0 ? 0 : write_all(fd, payload, len);
}

static void on_signal(int sig) {
    unsigned char s = (unsigned char)sig;
    int saved = errno;
    if (write(sig_pipe[1], &s, 1) < 0) {
        /* nothing to do in a handler */
    }
    errno = saved;
}

/* Reads exactly n bytes, watching for signals; 0 ok, -1 end of stream or error. Sets *sigs for each signal seen. */
static int interrupted = 0;

static int handle_signals(int fd) {
    unsigned char s;
    while (read(sig_pipe[0], &s, 1) == 1) {
        if (s == SIGINT) {
            if (interrupted) {
                _exit(130); /* a second Ctrl-C: do not wait for the server */
            }
            interrupted = 1;
            send_frame(fd, 'C', NULL, 0);
        } else {
            send_frame(fd, 'C', NULL, 0);
            _exit(128 + s);
        }
    }
    return 0;
}

static int read_full(int fd, unsigned char *p, size_t n) {
    while (n > 0) {
        struct pollfd pf[2] = {{fd, POLLIN, 0}, {sig_pipe[0], POLLIN, 0}};
        if (poll(pf, 2, -1) < 0) {
            if (errno == EINTR) {
                continue;
            }
            return -1;
        }
        if (pf[1].revents & POLLIN) {
            handle_signals(fd);
        }
        if (pf[0].revents & (POLLIN | POLLHUP | POLLERR)) {
            ssize_t r = read(fd, p, n);
            if (r < 0 && errno == EINTR) {
                continue;
            }
            if (r <= 0) {
                return -1;
            }
            p += r;
            n -= (size_t)r;
        }
    }
    return 0;
}

enum { DONE, FALLBACK, LOST_EARLY, LOST };

/* Relays frames until the exit status; returns DONE with *status, FALLBACK, or LOST(_EARLY: before any output). */
static int relay(int fd, int *status, char *reason, size_t rcap) {
    int got_any = 0, out_ok = 1, err_ok = 1;
    unsigned char *payload = NULL;
    size_t pcap = 0;
    for (;;) {
        unsigned char h[5];
        if (read_full(fd, h, 5) != 0) {
            return got_any ? LOST : LOST_EARLY;
        }
        size_t len = ((size_t)h[1] << 24) | ((size_t)h[2] << 16) | ((size_t)h[3] << 8) | h[4];
        if (len > pcap) {
            payload = realloc(payload, len);
            if (payload == NULL) {
                perror("uassetd");
                exit(1);
            }
            pcap = len;
        }
        if (len > 0 && read_full(fd, payload, len) != 0) {
            return LOST;
        }
        switch (h[0]) {
            case '1':
                got_any = 1;
                if (out_ok && write_all(1, payload, len) != 0) {
                    out_ok = 0; /* stdout closed (a pipe reader gone): the command still runs, as in-process */
                }
                break;
            case '2':
                got_any = 1;
                if (err_ok && write_all(2, payload, len) != 0) {
                    err_ok = 0;
                }
                break;
            case 'X':
                if (len != 4) {
                    return LOST;
                }
                *status = (payload[0] << 24) | (payload[1] << 16) | (payload[2] << 8) | payload[3];
                return DONE;
            case 'F': {
                size_t n = len < rcap - 1 ? len : rcap - 1;
                memcpy(reason, payload, n);
                reason[n] = '\0';
                return FALLBACK;
            }
            default:
                return LOST;
        }
    }
}

int main(int argc, char **argv) {
    launcher = getenv("UASSETD_LAUNCHER");
    if (launcher == NULL || *launcher == '\0') {
        fprintf(stderr, "uassetd-front: start me through the uassetd launcher (UASSETD_LAUNCHER is not set)\n");
        return 2;
    }
    if (no_server_wanted() || in_process_only(argc, argv)) {
        run_in_process(argc, argv, "not served");
    }
    char dir[4096], why[4600], id[256], sock[4400], log[4400], lock[4400];
    if (runtime_dir(dir, sizeof dir, why, sizeof why) != 0) {
        fprintf(stderr, "uassetd: not using the resident server: %s\n", why);
        run_in_process(argc, argv, why);
    }
    if (build_id(id, sizeof id) != 0) {
        run_in_process(argc, argv, "no build id (UASSETD_SERVER_JAR)");
    }
    snprintf(sock, sizeof sock, "%s/%s.sock", dir, id);
    snprintf(log, sizeof log, "%s/%s.log", dir, id);
    snprintf(lock, sizeof lock, "%s/%s.lock", dir, id);
    if (strlen(sock) >= sizeof(((struct sockaddr_un *)0)->sun_path)) {
        run_in_process(argc, argv, "socket path too long");
    }
    char cwd[4096];
    if (getcwd(cwd, sizeof cwd) == NULL) {
        run_in_process(argc, argv, "no working folder");
    }
    buf_t req = {0};
    put_u32(&req, PROTOCOL_VERSION);
    put_str(&req, id);
    put_str(&req, cwd);
    put_u32(&req, (uint32_t)(argc - 1));
    for (int i = 1; i < argc; i++) {
        put_str(&req, argv[i]);
    }
    uint32_t envc = 0;
    for (char **e = environ; *e; e++) {
        envc++;
    }
    put_u32(&req, envc);
    for (char **e = environ; *e; e++) {
        put_str(&req, *e);
    }

    if (pipe_cloexec(sig_pipe, 1) != 0) {
        run_in_process(argc, argv, "pipe");
    }
    signal(SIGPIPE, SIG_IGN);
    long timeout_ms = 60000;
    const char *t = getenv("UASSETD_SERVER_START_TIMEOUT_MS");
    if (t != NULL && atol(t) > 0) {
        timeout_ms = atol(t);
    }
    for (int attempt = 0; attempt < 3; attempt++) {
        int fd = connect_to(sock);
        if (fd < 0) {
            pid_t server = start_server(dir, id, log);
            /* every 2 ms for the first second (a JVM with its start-up archive listens after 0.1 to 0.2 s; a
               failed connect costs microseconds), then less often */
            long waited = 0, step = 2;
            while (fd < 0 && waited < timeout_ms) {
                sleep_ms(step);
                waited += step;
                if (waited >= 1000 && step < 50) {
                    step += 4;
                }
                fd = connect_to(sock);
                if (fd < 0 && server > 0 && !alive(server) && !lock_held(lock)) {
                    /* ours ended, and no other server of the build is starting (one that is holds the lock) */
                    fd = connect_to(sock);
                    break;
                }
            }
            if (fd < 0) {
                fprintf(stderr, "uassetd: the resident server did not start (see %s); running in-process\n", log);
                run_in_process(argc, argv, "server did not start");
            }
        }
        /* Ctrl-C from here on cancels the command on the server */
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_signal;
        sigemptyset(&sa.sa_mask);
        sigaction(SIGINT, &sa, NULL);
        sigaction(SIGTERM, &sa, NULL);
        sigaction(SIGHUP, &sa, NULL);
        if (send_frame(fd, 'R', req.b, req.len) != 0) {
            close(fd);
            continue; /* the server went away between connect and send: start another */
        }
        int status = 0;
        char reason[512];
        int r = relay(fd, &status, reason, sizeof reason);
        close(fd);
        if (r == DONE) {
            return interrupted ? 130 : status;
        }
        if (interrupted) {
            return 130;
        }
        if (r == FALLBACK) {
            signal(SIGINT, SIG_DFL);
            run_in_process(argc, argv, reason);
        }
        if (r == LOST) {
            fprintf(stderr, "uassetd: the resident server ended during the command (see %s)\n", log);
            return 1;
        }
        /* LOST_EARLY: it was exiting (idle) as we connected; start a new one */
        signal(SIGINT, SIG_DFL);
    }
    run_in_process(argc, argv, "server not reachable");
    return 1;
}
