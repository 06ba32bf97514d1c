import type { Server } from 'socket.io';
import { gauge } from '@meydan/kit';

/** The socket.io servers of this process (tests may build several), read when the metrics are scraped. */
const servers = new Set<Server>();

gauge({
  name: 'meydan_sockets_connected',
  help: 'Live sockets connected to this process',
  collect() {
    let sockets = 0;
    for (const io of servers) sockets += io.engine.clientsCount;
    this.set(sockets);
  },
});

gauge({
  name: 'meydan_socket_rooms',
  help: "Socket rooms with a socket of this process in them, by kind (user: a member's; poll: a poll followed live)",
  labelNames: ['kind'],
  collect() {
    const rooms = { user: 0, poll: 0 };
    for (const io of servers) {
      for (const room of io.of('/').adapter.rooms.keys()) {
        if (room.startsWith('user:')) rooms.user++;
        else if (room.startsWith('poll:')) rooms.poll++;
      }
    }
    for (const [kind, count] of Object.entries(rooms)) this.set({ kind }, count);
  },
});

/** Counts a socket.io server's sockets and rooms until the returned function is called. */
export function measureSockets(io: Server): () => void {
  servers.add(io);
  return () => servers.delete(io);
}
