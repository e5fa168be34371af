//! Bots that play Speedy Towers in simulated real time, seeing only their
//! seat's view, and the headless simulator.
