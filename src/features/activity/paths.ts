export const activityPath = () => '/activity';
