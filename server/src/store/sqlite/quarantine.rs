//! Quarantined rooms in SQLite (see store/quarantine.rs): marked, looked up, listed, exported row by row
//! and deleted.

use rusqlite::types::ValueRef;
use rusqlite::{params, Connection, OptionalExtension};
use serde_json::{Map, Value};

use super::super::quarantine::{not_quarantined, Quarantined, LIST, MARK, REASON, TABLES, UNMARK};
use super::super::statements::DELETE;
use super::super::StoreError;
use super::failed;

pub(super) fn mark(conn: &Connection, room: &str, reason: &str) -> Result<(), StoreError> {
    conn.execute(MARK, params![room, reason, crate::hub::now_ms() as i64]).map(|_| ()).map_err(failed)
}

pub(super) fn reason(conn: &Connection, room: &str) -> Result<Option<String>, StoreError> {
    conn.query_row(REASON, params![room], |r| r.get(0)).optional().map_err(failed)
}

pub(super) fn list(conn: &Connection) -> Result<Vec<Quarantined>, StoreError> {
    let mut query = conn.prepare(LIST).map_err(failed)?;
    let rows = query
        .query_map([], |r| Ok(Quarantined { room: r.get(0)?, reason: r.get(1)?, since_ms: r.get(2)? }))
        .map_err(failed)?;
    rows.collect::<Result<_, _>>().map_err(failed)
}

/// Every row of `room`, as `{table: [{column: value}]}`; None if there is none. Columns are read as
/// SQLite stored them, so a row the server cannot decode is exported as it is.
pub(super) fn export(conn: &Connection, room: &str) -> Result<Option<Value>, StoreError> {
    let mut tables = Map::new();
    let mut found = false;
    for (table, column) in TABLES {
        let mut query = conn.prepare(&format!("SELECT * FROM {table} WHERE {column} = ?1")).map_err(failed)?;
        let names: Vec<String> = query.column_names().into_iter().map(String::from).collect();
        let mut rows = query.query(params![room]).map_err(failed)?;
        let mut out = Vec::new();
        while let Some(row) = rows.next().map_err(failed)? {
            let mut object = Map::new();
            for (i, name) in names.iter().enumerate() {
                object.insert(name.clone(), json(row.get_ref(i).map_err(failed)?));
            }
            out.push(Value::Object(object));
        }
        found |= !out.is_empty();
        tables.insert(table.to_string(), Value::Array(out));
    }
    Ok(found.then_some(Value::Object(tables)))
}

/// A column's value as JSON (text that is not UTF-8 is shown with replacement characters).
fn json(value: ValueRef<'_>) -> Value {
    match value {
        ValueRef::Null => Value::Null,
        ValueRef::Integer(n) => Value::from(n),
        ValueRef::Real(x) => Value::from(x),
        ValueRef::Text(text) | ValueRef::Blob(text) => Value::from(String::from_utf8_lossy(text).into_owned()),
    }
}

pub(super) fn delete(conn: &Connection, room: &str) -> Result<(), StoreError> {
    if reason(conn, room)?.is_none() {
        return Err(StoreError::Failed(not_quarantined(room)));
    }
    for statement in DELETE.iter().chain([&UNMARK]) {
        conn.execute(statement, params![room]).map_err(failed)?;
    }
    Ok(())
}
