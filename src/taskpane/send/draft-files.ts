/**
 * Files the user added to a Send draft from their disk, kept in the pane's IndexedDB next to the
 * draft in localStorage (which holds only their names: a PDF of up to 50 MB does not fit there).
 * So a pane closed before sending and opened again on the same message has the files back, as it
 * has the attachments (read again from the message) and the choices. They are removed with the
 * draft (sent or discarded), when the user removes the document, and when older than a draft may
 * be (30 days, swept whenever the Send view opens a draft).
 *
 * Why not on the service: the pane uploads what it stamps, at sending; uploading each added file
 * at once would need the draft package before the user has chosen anything, a second upload of
 * the same bytes stamped, and a download to show its pages after reopening. IndexedDB keeps the
 * bytes where they are read, in the browser profile Outlook's pane runs in.
 *
 * Every operation fails soft: where IndexedDB is missing or refuses (private modes, quota), the
 * view says the file must be added again.
 */

export interface StoredFile {
  name: string;
  type: string;
  bytes: Uint8Array;
}

export interface DraftFileStore {
  put(draftKey: string, docKey: string, file: StoredFile): Promise<void>;
  get(draftKey: string, docKey: string): Promise<StoredFile | null>;
  /** One file of the draft, or all of them when `docKey` is omitted. */
  remove(draftKey: string, docKey?: string): Promise<void>;
  /** Removes files saved before `before` (milliseconds since the epoch). */
  sweep(before: number): Promise<void>;
  /** Gives the files of draft `from` to draft `to` (a draft moved to a new key). */
  move(from: string, to: string): Promise<void>;
}

const DB_NAME = "sign-send-files";
const STORE = "files";
/** Drafts are dropped after 30 days (send/draft.ts); their files with them. */
export const FILE_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

interface Row {
  draftKey: string;
  docKey: string;
  name: string;
  type: string;
  bytes: ArrayBuffer;
  savedOn: number;
}

function promised<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error("IndexedDB request failed"));
  });
}

function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error("IndexedDB transaction failed"));
    tx.onabort = () => reject(tx.error ?? new Error("IndexedDB transaction aborted"));
  });
}

/** The store over `factory` (the browser's indexedDB); null where there is none. */
export function indexedDbFileStore(factory: IDBFactory | null = browserIndexedDb()): DraftFileStore | null {
  if (!factory) return null;
  let opened: Promise<IDBDatabase> | null = null;
  const db = () => {
    opened ??= new Promise<IDBDatabase>((resolve, reject) => {
      const request = factory.open(DB_NAME, 1);
      request.onupgradeneeded = () => {
        const store = request.result.createObjectStore(STORE, { keyPath: ["draftKey", "docKey"] });
        store.createIndex("draftKey", "draftKey");
        store.createIndex("savedOn", "savedOn");
      };
      request.onsuccess = () => {
        // Another pane (a newer version) may need the database: let it.
        request.result.onversionchange = () => {
          request.result.close();
          opened = null;
        };
        resolve(request.result);
      };
      request.onerror = () => reject(request.error ?? new Error("IndexedDB cannot be opened"));
      request.onblocked = () => reject(new Error("IndexedDB is blocked by another pane"));
    });
    opened.catch(() => (opened = null)); // tried again next time
    return opened;
  };
  const run = async <T>(
    mode: IDBTransactionMode,
    work: (store: IDBObjectStore) => Promise<T> | T,
  ): Promise<T> => {
    const tx = (await db()).transaction(STORE, mode);
    const finished = done(tx);
    const result = await work(tx.objectStore(STORE));
    await finished;
    return result;
  };
  const deleteWhere = (store: IDBObjectStore, index: string, range: IDBKeyRange) =>
    new Promise<void>((resolve, reject) => {
      const cursor = store.index(index).openCursor(range);
      cursor.onsuccess = () => {
        const c = cursor.result;
        if (!c) return resolve();
        c.delete();
        c.continue();
      };
      cursor.onerror = () => reject(cursor.error ?? new Error("IndexedDB cursor failed"));
    });
  return {
    async put(draftKey, docKey, file) {
      // A copy of exactly the file's bytes (a view may share a larger buffer).
      const bytes = file.bytes.slice().buffer;
      const row: Row = { draftKey, docKey, name: file.name, type: file.type, bytes, savedOn: Date.now() };
      await run("readwrite", (store) => promised(store.put(row)));
    },
    async get(draftKey, docKey) {
      const row = await run("readonly", (store) =>
        promised(store.get([draftKey, docKey]) as IDBRequest<Row>),
      );
      return row ? { name: row.name, type: row.type, bytes: new Uint8Array(row.bytes) } : null;
    },
    async remove(draftKey, docKey) {
      await run("readwrite", (store) =>
        docKey === undefined
          ? deleteWhere(store, "draftKey", IDBKeyRange.only(draftKey))
          : promised(store.delete([draftKey, docKey])).then(() => undefined),
      );
    },
    async move(from, to) {
      await run(
        "readwrite",
        (store) =>
          new Promise<void>((resolve, reject) => {
            const cursor = store.index("draftKey").openCursor(IDBKeyRange.only(from));
            cursor.onsuccess = () => {
              const c = cursor.result;
              if (!c) return resolve();
              store.put({ ...(c.value as Row), draftKey: to });
              c.delete();
              c.continue();
            };
            cursor.onerror = () => reject(cursor.error ?? new Error("IndexedDB cursor failed"));
          }),
      );
    },
    async sweep(before) {
      await run("readwrite", (store) => deleteWhere(store, "savedOn", IDBKeyRange.upperBound(before, true)));
    },
  };
}

function browserIndexedDb(): IDBFactory | null {
  try {
    return typeof indexedDB === "undefined" ? null : indexedDB;
  } catch {
    return null; // some private modes throw on access
  }
}

/** A file's bytes (jsdom's File has no arrayBuffer(); FileReader works everywhere). */
export function fileBytes(file: Blob): Promise<Uint8Array> {
  if (typeof file.arrayBuffer === "function") return file.arrayBuffer().then((b) => new Uint8Array(b));
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error("The file cannot be read."));
    reader.readAsArrayBuffer(file);
  });
}
