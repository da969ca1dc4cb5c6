/*
 * sendfile(2) for the portal's downloads: the kernel moves file pages to the socket without
 * copying them through JavaScript (which costs two extra copies per byte and most of the
 * CPU at 16 concurrent clients, see bench/README.md). Node has no binding for it.
 *
 * start(socketFd, fileFd, offset, length, done) sends the bytes from the event loop: a
 * uv_poll on a dup() of the socket (libuv may not poll an fd it already watches for the TCP
 * handle) waits until the socket is writable, then non-blocking sendfile() calls move up to
 * SLICE bytes before yielding to other work, as nginx does. done(errno | null, bytesSent) is
 * called exactly once; cancel(transfer) ends it early with ECANCELED. Like nginx's default,
 * a file not in the page cache is read synchronously by sendfile.
 */
#define NAPI_VERSION 8
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <node_api.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/sendfile.h>
#include <sys/socket.h>
#include <unistd.h>
#include <uv.h>

/* Per writable event: large enough for few wake-ups, small enough to share the loop. */
#define SLICE (8 * 1024 * 1024)
/* A fixed send buffer: the autotuned one kept the loop waiting at 16 clients (bench). */
#define SEND_BUFFER (4 * 1024 * 1024)

typedef struct {
  uv_poll_t poll;
  int out_fd;
  int in_fd;
  off_t offset;
  int64_t remaining;
  int64_t sent;
  int error;
  int done;
  napi_env env;
  napi_ref callback;
  napi_async_context async_context;
} transfer_t;

static void on_closed(uv_handle_t* handle) {
  transfer_t* t = (transfer_t*)handle->data;
  napi_env env = t->env;
  napi_handle_scope scope;
  napi_open_handle_scope(env, &scope);
  napi_value callback, receiver, args[2], result;
  napi_get_reference_value(env, t->callback, &callback);
  napi_get_global(env, &receiver); /* make_callback needs an object */
  if (t->error) napi_create_int32(env, t->error, &args[0]);
  else napi_get_null(env, &args[0]);
  napi_create_int64(env, t->sent, &args[1]);
  napi_async_context context = t->async_context;
  napi_delete_reference(env, t->callback);
  close(t->out_fd);
  free(t);
  napi_make_callback(env, context, receiver, callback, 2, args, &result);
  napi_async_destroy(env, context);
  napi_close_handle_scope(env, scope);
}

static void finish(transfer_t* t, int error) {
  if (t->done) return;
  t->done = 1;
  t->error = error;
  uv_poll_stop(&t->poll);
  uv_close((uv_handle_t*)&t->poll, on_closed);
}

static void on_writable(uv_poll_t* poll, int status, int events) {
  (void)events;
  transfer_t* t = (transfer_t*)poll->data;
  if (status < 0) {
    finish(t, -status);
    return;
  }
  int64_t budget = SLICE;
  while (t->remaining > 0 && budget > 0) {
    size_t want = (size_t)(t->remaining < budget ? t->remaining : budget);
    ssize_t n = sendfile(t->out_fd, t->in_fd, &t->offset, want);
    if (n > 0) {
      t->remaining -= n;
      t->sent += n;
      budget -= n;
    } else if (n == 0) {
      finish(t, EIO); /* the file is shorter than the length asked for */
      return;
    } else if (errno == EAGAIN) {
      return; /* wait for the next writable event */
    } else if (errno != EINTR) {
      finish(t, errno);
      return;
    }
  }
  if (t->remaining == 0) finish(t, 0);
}

static napi_value throw_errno(napi_env env, const char* what) {
  char message[64];
  snprintf(message, sizeof message, "%s failed (errno %d)", what, errno);
  napi_throw_error(env, NULL, message);
  return NULL;
}

static napi_value start(napi_env env, napi_callback_info info) {
  size_t argc = 5;
  napi_value argv[5];
  napi_get_cb_info(env, info, &argc, argv, NULL, NULL);
  int32_t socket_fd, file_fd;
  int64_t offset, length;
  napi_valuetype callback_type = napi_undefined;
  if (argc < 5) argc = 0;
  if (argc == 5) napi_typeof(env, argv[4], &callback_type);
  if (argc < 5 || napi_get_value_int32(env, argv[0], &socket_fd) != napi_ok ||
      napi_get_value_int32(env, argv[1], &file_fd) != napi_ok ||
      napi_get_value_int64(env, argv[2], &offset) != napi_ok ||
      napi_get_value_int64(env, argv[3], &length) != napi_ok || callback_type != napi_function ||
      socket_fd < 0 || file_fd < 0 || offset < 0 || length < 0) {
    napi_throw_type_error(env, NULL, "start(socketFd, fileFd, offset, length, done)");
    return NULL;
  }
  int out_fd = dup(socket_fd);
  if (out_fd < 0) return throw_errno(env, "dup");
  int send_buffer = SEND_BUFFER;
  setsockopt(out_fd, SOL_SOCKET, SO_SNDBUF, &send_buffer, sizeof send_buffer);

  transfer_t* t = calloc(1, sizeof(transfer_t));
  if (t == NULL) {
    close(out_fd);
    napi_throw_error(env, NULL, "out of memory");
    return NULL;
  }
  t->out_fd = out_fd;
  t->in_fd = file_fd;
  t->offset = (off_t)offset;
  t->remaining = length;
  t->env = env;
  uv_loop_t* loop;
  napi_get_uv_event_loop(env, &loop);
  int status = uv_poll_init(loop, &t->poll, out_fd);
  if (status < 0) {
    close(out_fd);
    free(t);
    errno = -status;
    return throw_errno(env, "uv_poll_init");
  }
  t->poll.data = t;
  napi_value resource_name;
  napi_create_string_utf8(env, "PortalSendfile", NAPI_AUTO_LENGTH, &resource_name);
  napi_async_init(env, NULL, resource_name, &t->async_context);
  napi_create_reference(env, argv[4], 1, &t->callback);
  uv_poll_start(&t->poll, UV_WRITABLE, on_writable);
  napi_value handle;
  napi_create_external(env, t, NULL, NULL, &handle);
  return handle;
}

/* Only valid until done has been called: the JavaScript wrapper guarantees that. */
static napi_value cancel(napi_env env, napi_callback_info info) {
  size_t argc = 1;
  napi_value argv[1];
  napi_get_cb_info(env, info, &argc, argv, NULL, NULL);
  transfer_t* t = NULL;
  if (argc < 1 || napi_get_value_external(env, argv[0], (void**)&t) != napi_ok || t == NULL) {
    napi_throw_type_error(env, NULL, "cancel(transfer)");
    return NULL;
  }
  finish(t, ECANCELED);
  return NULL;
}

NAPI_MODULE_INIT() {
  napi_value fn;
  napi_create_function(env, "start", NAPI_AUTO_LENGTH, start, NULL, &fn);
  napi_set_named_property(env, exports, "start", fn);
  napi_create_function(env, "cancel", NAPI_AUTO_LENGTH, cancel, NULL, &fn);
  napi_set_named_property(env, exports, "cancel", fn);
  return exports;
}
