// GNU libmicrohttpd for Swift. MHD_start_daemon, MHD_get_daemon_info and MHD_get_connection_info are variadic, which
// Swift cannot call: the forwarders below pass the options as one MHD_OPTION_ARRAY, read the bound port and a
// connection's socket.
#ifndef GATEHOUSE_CMICROHTTPD_SHIM_H
#define GATEHOUSE_CMICROHTTPD_SHIM_H

#include <stdint.h>
#include <sys/socket.h>
#include <microhttpd.h>

/// Starts a daemon on `address` with an explicit connection limit, per-connection (idle) timeout in seconds and
/// per-connection memory limit, calling `completed` with `context` when each request ends and `connections` when
/// each connection is accepted and closed.
static inline struct MHD_Daemon *gatehouse_mhd_start(unsigned int flags, const struct sockaddr *address,
                                                     unsigned int connection_limit, unsigned int timeout_seconds,
                                                     size_t memory_limit, MHD_AccessHandlerCallback handler,
                                                     MHD_RequestCompletedCallback completed,
                                                     MHD_NotifyConnectionCallback connections, void *context) {
    struct MHD_OptionItem options[] = {
        {MHD_OPTION_SOCK_ADDR, 0, (void *)address},
        {MHD_OPTION_CONNECTION_LIMIT, (intptr_t)connection_limit, NULL},
        {MHD_OPTION_CONNECTION_TIMEOUT, (intptr_t)timeout_seconds, NULL},
        {MHD_OPTION_CONNECTION_MEMORY_LIMIT, (intptr_t)memory_limit, NULL},
        {MHD_OPTION_NOTIFY_COMPLETED, (intptr_t)completed, context},
        {MHD_OPTION_NOTIFY_CONNECTION, (intptr_t)connections, context},
        {MHD_OPTION_END, 0, NULL},
    };
    return MHD_start_daemon(flags, 0, NULL, NULL, handler, context, MHD_OPTION_ARRAY, options, MHD_OPTION_END);
}

/// The port the daemon listens on (0 when unknown).
static inline uint16_t gatehouse_mhd_bound_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info == NULL ? 0 : info->port;
}

/// The socket of a connection (-1 when unknown).
static inline int gatehouse_mhd_connection_socket(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : info->connect_fd;
}

#endif
