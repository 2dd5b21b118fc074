//! Quarantined rooms in PostgreSQL (see store/quarantine.rs): marked, looked up, listed, exported row by
//! row and deleted.

use serde_json::{Map, Value};

use super::super::quarantine::{not_quarantined, Quarantined, LIST, MARK, REASON, TABLES, UNMARK};
use super::super::statements::DELETE;
use super::super::StoreError;
use super::{failed, pg, PgStore};

impl PgStore {
    pub async fn quarantine(&self, room: &str, reason: &str) -> Result<(), StoreError> {
        let client = self.lock(self.slot_for(room)).await?;
        let now = crate::hub::now_ms() as i64;
        client.execute(&pg(MARK), &[&room, &reason, &now]).await.map(|_| ()).map_err(failed)
    }

    pub async fn quarantined(&self, room: &str) -> Result<Option<String>, StoreError> {
        let client = self.lock(self.slot_for(room)).await?;
        let row = client.query_opt(&pg(REASON), &[&room]).await.map_err(failed)?;
        Ok(row.map(|r| r.get(0)))
    }

    pub async fn quarantined_rooms(&self) -> Result<Vec<Quarantined>, StoreError> {
        let client = self.lock(0).await?;
        let rows = client.query(LIST, &[]).await.map_err(failed)?;
        Ok(rows.iter().map(|r| Quarantined { room: r.get(0), reason: r.get(1), since_ms: r.get(2) }).collect())
    }

    /// Every row of `room`, as `{table: [{column: value}]}` (PostgreSQL's `row_to_json`); None if none.
    pub async fn export_room(&self, room: &str) -> Result<Option<Value>, StoreError> {
        let client = self.lock(self.slot_for(room)).await?;
        let mut tables = Map::new();
        let mut found = false;
        for (table, column) in TABLES {
            let sql = format!("SELECT row_to_json(t)::text FROM {table} t WHERE {column} = $1");
            let mut out = Vec::new();
            for row in client.query(&sql, &[&room]).await.map_err(failed)? {
                let text: String = row.get(0);
                out.push(serde_json::from_str(&text).map_err(failed)?);
            }
            found |= !out.is_empty();
            tables.insert(table.to_string(), Value::Array(out));
        }
        Ok(found.then_some(Value::Object(tables)))
    }

    pub async fn delete_room(&self, room: &str) -> Result<(), StoreError> {
        let mut client = self.lock(self.slot_for(room)).await?;
        let tx = client.transaction().await.map_err(failed)?;
        if tx.query_opt(&pg(REASON), &[&room]).await.map_err(failed)?.is_none() {
            return Err(StoreError::Failed(not_quarantined(room)));
        }
        for statement in DELETE.iter().chain([&UNMARK]) {
            tx.execute(&pg(statement), &[&room]).await.map_err(failed)?;
        }
        tx.commit().await.map_err(failed)
    }
}
