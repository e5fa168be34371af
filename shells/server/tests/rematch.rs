//! A rematch after the game (issue 23: "Rematch (same opponents)"; a
//! friend who played must be told): the first seat to ask opens one new
//! table with the same game, settings, bots and clock, everyone at the old
//! table is told where it is, and a seat asking after that is sent to the
//! same table, so two players who both press "Rematch" meet again.

mod common;

use common::*;
use serde_json::json;

#[test]
fn both_players_asking_for_a_rematch_meet_at_one_new_table() {
    let dir = temp_dir("rematch");
    let server = start(&db_url(&dir));
    let addr = server.addr;
    client_runtime().block_on(async move {
        let table = create(
            addr,
            json!({"game": "towers", "settings": "5x5", "clock": {"initial_ms": 600000, "increment_ms": 5000}}),
        )
        .await;
        let (_, t0) = join(addr, &table, "Ada").await;
        let (_, t1) = join(addr, &table, "Brian").await;
        let (mut a, _) = Client::connect(addr, &table, Some(&t0)).await;
        let (mut b, _) = Client::connect(addr, &table, Some(&t1)).await;
        // Not before the game is over; nothing is opened.
        let id = a.request("rematch").await;
        let e = a.next_of("error").await;
        assert_eq!((e["id"].as_u64(), e["kind"].as_str()), (Some(id), Some("bad_request")));
        assert!(e["message"].as_str().unwrap().contains("after the game"), "{e}");
        let before = get(addr, "/api/v1/tables").await.as_array().unwrap().len();

        let id = b.request("resign").await;
        assert_eq!(b.next_of("ack").await["id"], id);
        a.next_of("step").await;

        // Ada asks: one new table, and both are told where.
        let id = a.request("rematch").await;
        let told_a = a.next_of("table").await;
        assert_eq!(a.next_of("ack").await["id"], id);
        let told_b = b.next_of("table").await;
        let offer = told_a["table"]["rematch"].clone();
        assert_eq!(offer["by"], 0);
        assert_eq!(told_b["table"]["rematch"], offer, "the friend is told of the rematch");
        let fresh = offer["table"].as_str().unwrap().to_string();
        assert_ne!(fresh, table);
        let summary = get(addr, &format!("/api/v1/tables/{fresh}")).await;
        assert_eq!(summary["game"], "towers");
        assert_eq!(summary["settings"], "5x5");
        assert_eq!(summary["clock"], json!({"initial_ms": 600000, "increment_ms": 5000}));
        assert_eq!(summary["status"], "open");
        let seats: Vec<_> = summary["seats"].as_array().unwrap().iter().map(|s| (s["kind"].clone(), s["taken"].clone())).collect();
        assert_eq!(seats, vec![(json!("person"), json!(false)), (json!("person"), json!(false))]);
        // The old table says so too, to whoever looks later.
        assert_eq!(get(addr, &format!("/api/v1/tables/{table}")).await["rematch"], offer);

        // Brian asks as well: the same table, not a second one.
        let id = b.request("rematch").await;
        assert_eq!(b.next_of("table").await["table"]["rematch"], offer);
        assert_eq!(b.next_of("ack").await["id"], id);
        let after = get(addr, "/api/v1/tables").await.as_array().unwrap().len();
        assert_eq!(after, before + 1, "one rematch table, however many ask");

        // Each takes the seat they had.
        let joined = post(addr, &format!("/api/v1/tables/{fresh}/join"), json!({"seat": 1, "name": "Brian"})).await;
        assert_eq!(joined["seat"], 1);
        let joined = post(addr, &format!("/api/v1/tables/{fresh}/join"), json!({"seat": 0, "name": "Ada"})).await;
        assert_eq!(joined["seat"], 0);
        assert_eq!(get(addr, &format!("/api/v1/tables/{fresh}")).await["status"], "playing");
    });
}

#[test]
fn a_rematch_against_a_bot_keeps_the_bot_and_its_level() {
    let dir = temp_dir("rematch-bot");
    let server = start(&db_url(&dir));
    let addr = server.addr;
    client_runtime().block_on(async move {
        let table = create(
            addr,
            json!({"game": "towers", "settings": "4x4", "seats": [{"kind": "person"}, {"kind": "bot", "level": "random"}]}),
        )
        .await;
        let (_, t0) = join(addr, &table, "Ada").await;
        let (mut a, _) = Client::connect(addr, &table, Some(&t0)).await;
        a.request("resign").await;
        a.next_of("ack").await;
        a.request("rematch").await;
        let fresh = a.next_of("table").await["table"]["rematch"]["table"]
            .as_str()
            .unwrap()
            .to_string();
        let summary = get(addr, &format!("/api/v1/tables/{fresh}")).await;
        assert_eq!(summary["seats"][1]["kind"], "bot");
        assert_eq!(summary["seats"][1]["level"], "random");
        assert_eq!(summary["seats"][0]["taken"], false);
    });
}
