-- A user holds grants through their role (spec 5.6: "assignable through a
-- role"); user_grants stays for grants given to one person directly. Roles are reference data,
-- not sample data, so they are written here and exist on every database.
CREATE TABLE roles (
  name text PRIMARY KEY,
  rank integer NOT NULL,
  description text NOT NULL
);
CREATE TABLE role_grants (
  role text NOT NULL REFERENCES roles (name) ON DELETE CASCADE,
  grant_name text NOT NULL,
  PRIMARY KEY (role, grant_name)
);
INSERT INTO roles (name, rank, description) VALUES
  ('Admin', 4, 'Sees and changes everything, manages users, roles and tokens'),
  ('Privileged', 3, 'Works with what is shared with them and runs workflows'),
  ('Editor', 2, 'Works with and shares what is shared with them'),
  ('Participant', 1, 'Views what is shared with them; may not share');
INSERT INTO role_grants (role, grant_name) VALUES
  ('Admin', 'Workflow API'),
  ('Admin', 'Manage security'),
  ('Privileged', 'Workflow API');
