/** A Map or a WeakMap: what `keptIn` keeps things in. */
type Keeper<K, V> = { get(key: K): V | undefined; set(key: K, value: V): unknown };

/** `map`'s value at `key`, made by `make` the first time it is asked for and kept from then on. */
export function keptIn<K, V>(map: Keeper<K, V>, key: K, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    map.set(key, value);
  }
  return value;
}
